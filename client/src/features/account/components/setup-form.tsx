import { useSetup } from "@client/lib/auth";
import { showFailure } from "@client/lib/forms";
import { schemaResolver, useForm } from "@mantine/form";
import { type SetupInput, setupSchema } from "@shared/schemas/auth";
import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { AccountForm, EmailField, PasswordField, TextField } from "./account-fields";

/** The first committee account, made with the setup token the server printed (or the link's `?token=`). */
export function SetupForm() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const setup = useSetup();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<SetupInput>({
    mode: "uncontrolled",
    initialValues: { token: params.get("token") ?? "", name: "", email: "", password: "" },
    validate: schemaResolver(setupSchema, { sync: true }),
  });

  const onSubmit = form.onSubmit((values) => {
    setError(null);
    setup.mutate(values, {
      onSuccess: () => navigate("/committee/dashboard", { replace: true }),
      onError: (e) => showFailure(form, e, setError),
    });
  });

  return (
    <AccountForm onSubmit={onSubmit} error={error} submit="Create committee account" busy={setup.isPending}>
      <TextField form={form} path="token" label="Setup token" />
      <TextField form={form} path="name" label="Name" />
      <EmailField form={form} />
      <PasswordField form={form} path="password" label="Password" autoComplete="new-password" />
    </AccountForm>
  );
}
