import { AuthCard, FormError } from "@client/components/auth-card";
import { safeNext } from "@client/components/guards";
import { isApiError } from "@client/lib/api";
import { useLogin } from "@client/lib/auth";
import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { isNotEmpty, useForm } from "@mantine/form";
import { useDocumentTitle } from "@mantine/hooks";
import { DASHBOARD_PATH } from "@shared/enums";
import { MSG } from "@shared/messages";
import type { LoginInput } from "@shared/schemas/auth";
import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";

export default function LoginPage() {
  useDocumentTitle("Log in · ThesisDesk");
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const login = useLogin();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<LoginInput>({
    mode: "uncontrolled",
    initialValues: { email: "", password: "" },
    // Only "is it filled in" here: the server checks the rest with the shared schema. Keeping zod
    // out of this page keeps the first load of /login inside its JavaScript budget.
    validate: { email: isNotEmpty("Email is required."), password: isNotEmpty("Password is required.") },
  });

  const onSubmit = form.onSubmit((values) => {
    setError(null);
    login.mutate(values, {
      onSuccess: ({ user }) =>
        navigate(safeNext(params.get("next")) ?? DASHBOARD_PATH[user.role], { replace: true }),
      onError: (e) => setError(isApiError(e) && e.status !== 401 ? e.message : MSG.invalidLogin),
    });
  });

  return (
    <AuthCard title="Welcome back" subtitle="Log in to follow your proposals, reviews and notices.">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <FormError message={error} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps("email")}
            key={form.key("email")}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            {...form.getInputProps("password")}
            key={form.key("password")}
          />
          <Button type="submit" fullWidth loading={login.isPending}>
            Log in
          </Button>
        </Stack>
      </form>
      <Group justify="space-between" mt="lg">
        <Text size="sm">
          New student?{" "}
          <Anchor component={Link} to="/register">
            Register
          </Anchor>
        </Text>
        <Anchor component={Link} to="/" size="sm">
          Home
        </Anchor>
      </Group>
    </AuthCard>
  );
}
