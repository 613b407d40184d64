import { AuthCard, FormError } from "@client/components/auth-card";
import { PageLoader } from "@client/components/page-loader";
import { useSetup } from "@client/lib/auth";
import { showFailure } from "@client/lib/forms";
import { setupQueries } from "@client/lib/queries/setup";
import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useDocumentTitle } from "@mantine/hooks";
import { MSG } from "@shared/messages";
import { type SetupInput, setupSchema } from "@shared/schemas/auth";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";

export default function SetupPage() {
  useDocumentTitle("Set up · ThesisDesk");
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const setup = useSetup();
  const [error, setError] = useState<string | null>(null);
  const status = useQuery(setupQueries.status());
  const form = useForm<SetupInput>({
    mode: "uncontrolled",
    initialValues: { token: params.get("token") ?? "", name: "", email: "", password: "" },
    validate: schemaResolver(setupSchema, { sync: true }),
  });

  if (status.isPending) return <PageLoader />;
  if (status.data && !status.data.needed) {
    return (
      <AuthCard title="Setup is complete">
        <Text>{MSG.setupDone}</Text>
        <Anchor component={Link} to="/login" mt="md" display="block">
          Go to the login page
        </Anchor>
      </AuthCard>
    );
  }

  const onSubmit = form.onSubmit((values) => {
    setError(null);
    setup.mutate(values, {
      onSuccess: () => navigate("/committee/dashboard", { replace: true }),
      onError: (e) => showFailure(form, e, setError),
    });
  });

  return (
    <AuthCard
      title="Create the first committee account"
      subtitle="Use the setup token that the server printed when it started."
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <FormError message={error} />
          <TextInput label="Setup token" required {...form.getInputProps("token")} key={form.key("token")} />
          <TextInput label="Name" required {...form.getInputProps("name")} key={form.key("name")} />
          <TextInput
            label="Email"
            type="email"
            required
            {...form.getInputProps("email")}
            key={form.key("email")}
          />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            required
            {...form.getInputProps("password")}
            key={form.key("password")}
          />
          <Button type="submit" fullWidth loading={setup.isPending}>
            Create committee account
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
