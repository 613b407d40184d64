import { useSetup } from "@client/lib/sign-in";
import { type SetupInput, setupSchema } from "@shared/schemas/auth";
import { useNavigate, useSearchParams } from "react-router";
import { AccountForm, EmailField, PasswordField, TextField } from "./account-fields";
import { useAccountForm } from "./use-account-form";

/** The first committee account, made with the setup token the server printed (or the link's `?token=`). */
export function SetupForm() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const setup = useSetup();
  const { form, error, onSubmit } = useAccountForm<SetupInput>(
    { token: params.get("token") ?? "", name: "", email: "", password: "" },
    setupSchema,
    (values, onError) =>
      setup.mutate(values, { onSuccess: () => navigate("/committee/dashboard", { replace: true }), onError }),
  );

  return (
    <AccountForm onSubmit={onSubmit} error={error} submit="Create committee account" busy={setup.isPending}>
      <TextField form={form} path="token" label="Setup token" />
      <TextField form={form} path="name" label="Name" />
      <EmailField form={form} />
      <PasswordField form={form} path="password" label="Password" autoComplete="new-password" />
    </AccountForm>
  );
}
