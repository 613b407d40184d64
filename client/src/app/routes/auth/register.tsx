import { AuthCard, FormError } from "@client/components/auth-card";
import { useRegister } from "@client/lib/auth";
import { showFailure } from "@client/lib/forms";
import { authOptionsQuery } from "@client/lib/queries/auth-options";
import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useDocumentTitle } from "@mantine/hooks";
import { LIMITS } from "@shared/limits";
import { type RegisterInput, registerSchema } from "@shared/schemas/auth";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { AuthLinks } from "./auth-links";

export default function RegisterPage() {
  useDocumentTitle("Register · ThesisDesk");
  const navigate = useNavigate();
  const register = useRegister();
  const [error, setError] = useState<string | null>(null);
  const domains = useQuery(authOptionsQuery()).data?.allowedEmailDomains ?? [];
  const form = useForm<RegisterInput>({
    mode: "uncontrolled",
    initialValues: { name: "", email: "", studentId: "", password: "" },
    validate: schemaResolver(registerSchema, { sync: true }),
  });

  const onSubmit = form.onSubmit((values) => {
    setError(null);
    register.mutate(values, {
      onSuccess: () => navigate("/student/dashboard", { replace: true }),
      // Field problems show at their field; anything else shows above the form.
      onError: (e) => showFailure(form, e, setError),
    });
  });

  return (
    <AuthCard
      title="Create your student account"
      subtitle="Supervisor and committee accounts are made by the committee."
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <FormError message={error} />
          <TextInput
            label="Name"
            autoComplete="name"
            required
            {...form.getInputProps("name")}
            key={form.key("name")}
          />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            description={domains.length ? `Your address at ${domains.join(" or ")}.` : undefined}
            {...form.getInputProps("email")}
            key={form.key("email")}
          />
          <TextInput
            label="Student ID"
            required
            {...form.getInputProps("studentId")}
            key={form.key("studentId")}
          />
          <PasswordInput
            label="Password"
            description={`At least ${LIMITS.passwordMin} characters.`}
            autoComplete="new-password"
            required
            {...form.getInputProps("password")}
            key={form.key("password")}
          />
          <Button type="submit" fullWidth loading={register.isPending}>
            Register
          </Button>
        </Stack>
      </form>
      <AuthLinks>
        <Text size="sm">
          Already registered?{" "}
          <Anchor component={Link} to="/login">
            Log in
          </Anchor>
        </Text>
      </AuthLinks>
    </AuthCard>
  );
}
