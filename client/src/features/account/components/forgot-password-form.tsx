import { showFailure } from "@client/lib/forms";
import { Alert } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { type ForgotPasswordInput, forgotPasswordSchema } from "@shared/schemas/accounts";
import { IconMailCheck } from "@tabler/icons-react";
import { useState } from "react";
import { useForgotPassword } from "../api/use-forgot-password";
import { AccountForm, EmailField } from "./account-fields";

/**
 * Email and "Send reset link". The answer is the same for every address (nobody learns who has
 * an account), so the page says what happens if one exists.
 */
export function ForgotPasswordForm() {
  const forgot = useForgotPassword();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ForgotPasswordInput>({
    mode: "uncontrolled",
    initialValues: { email: "" },
    validate: schemaResolver(forgotPasswordSchema, { sync: true }),
  });
  const onSubmit = form.onSubmit((values) => {
    setError(null);
    forgot.mutate(values, {
      onError: (e) => showFailure(form, e, setError),
    });
  });

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
