import { useAuthOptions } from "@client/lib/auth-options";
import { useRegister } from "@client/lib/sign-in";
import { type RegisterInput, registerSchema } from "@shared/schemas/auth";
import { useNavigate } from "react-router";
import { AccountForm, EmailField, NewPasswordField, TextField } from "./account-fields";
import { useAccountForm } from "./use-account-form";

/** A student's own registration: name, email (of the allowed domains, when set), student ID, password. */
export function RegisterForm() {
  const navigate = useNavigate();
  const register = useRegister();
  const domains = useAuthOptions()?.allowedEmailDomains ?? [];
  const { form, error, onSubmit } = useAccountForm<RegisterInput>(
    { name: "", email: "", studentId: "", password: "" },
    registerSchema,
    (values, onError) =>
      register.mutate(values, {
        onSuccess: () => navigate("/student/dashboard", { replace: true }),
        onError,
      }),
  );

  return (
    <AccountForm onSubmit={onSubmit} error={error} submit="Register" busy={register.isPending}>
      <TextField form={form} path="name" label="Name" autoComplete="name" />
      <EmailField
        form={form}
        description={domains.length ? `Your address at ${domains.join(" or ")}.` : undefined}
      />
      <TextField form={form} path="studentId" label="Student ID" />
      <NewPasswordField form={form} path="password" label="Password" />
    </AccountForm>
  );
}
