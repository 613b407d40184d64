import { Alert } from "@mantine/core";
import { type ForgotPasswordInput, forgotPasswordSchema } from "@shared/schemas/accounts";
import { IconMailCheck } from "@tabler/icons-react";
import { useForgotPassword } from "../api/use-forgot-password";
import { AccountForm, EmailField } from "./account-fields";
import { useAccountForm } from "./use-account-form";

/**
 * Email and "Send reset link". The answer is the same for every address (nobody learns who has
 * an account), so the page says what happens if one exists.
 */
export function ForgotPasswordForm() {
  const forgot = useForgotPassword();
  const { form, error, onSubmit } = useAccountForm<ForgotPasswordInput>(
    { email: "" },
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
