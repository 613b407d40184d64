import { Alert } from "@mantine/core";
import { LIMITS } from "@shared/limits";
import { type ForgotPasswordInput, forgotPasswordSchema } from "@shared/schemas/accounts";
import { IconMailCheck } from "@tabler/icons-react";
import { useLocation } from "react-router";
import { useForgotPassword } from "../api/use-forgot-password";
import { AccountForm, EmailField } from "./account-fields";
import { useAccountForm } from "./use-account-form";

/** The email typed on the login page before "Forgot password?" (its history entry's state), if any. */
const typedOnLogin = (state: unknown) => {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === "string" ? email.slice(0, LIMITS.emailMax) : "";
};

/**
 * Email and "Send reset link". The answer is the same for every address (nobody learns who has
 * an account), so the page says what happens if one exists.
 */
export function ForgotPasswordForm() {
  const forgot = useForgotPassword();
  const { form, error, onSubmit } = useAccountForm<ForgotPasswordInput>(
    { email: typedOnLogin(useLocation().state) },
    forgotPasswordSchema,
    (values, onError) => forgot.mutate(values, { onError }),
  );

  if (forgot.isSuccess)
    return (
      <Alert color="teal" icon={<IconMailCheck size={18} />} title="Check your email" role="status">
        {forgot.data.message}
      </Alert>
    );
  return (
    <AccountForm onSubmit={onSubmit} error={error} submit="Send reset link" busy={forgot.isPending}>
      <EmailField
        form={form}
        description="The address of your ThesisDesk account."
        inputWrapperOrder={["label", "input", "description", "error"]}
      />
    </AccountForm>
  );
}
