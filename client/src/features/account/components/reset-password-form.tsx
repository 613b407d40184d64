import { isApiError } from "@client/lib/api";
import { showFailure } from "@client/lib/forms";
import { notify } from "@client/lib/notify";
import { Anchor, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { DASHBOARD_PATH } from "@shared/enums";
import { MSG } from "@shared/messages";
import { newPasswordSchema } from "@shared/schemas/common";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { useResetPassword } from "../api/use-reset-password";
import { useResetTokenCheck } from "../api/use-reset-token";
import { AccountForm, NewPasswordField, PasswordField } from "./account-fields";

interface Values {
  newPassword: string;
  confirm: string;
}

/**
 * New password (typed twice) for the link's token. Success signs the person in and takes them to
 * their dashboard; a used, expired or made-up link says so when the page opens (and, should it
 * stop working meanwhile, when the form is sent), with the way to ask for a new one.
 */
export function ResetPasswordForm({ token }: { token: string }) {
  const reset = useResetPassword();
  const check = useResetTokenCheck(token);
  const navigate = useNavigate();
  const [sendError, setError] = useState<string | null>(null);
  // A link that cannot work says so when it opens: no token, or one the server no longer knows.
  const unusable = !token || check.data?.valid === false;
  const error = unusable ? MSG.resetTokenInvalid : sendError;
  const form = useForm<Values>({
    mode: "uncontrolled",
    initialValues: { newPassword: "", confirm: "" },
    validate: {
      newPassword: (v) => {
        const r = newPasswordSchema.safeParse(v);
        return r.success ? null : r.error.issues[0]?.message;
      },
      confirm: (v, values) => (v === values.newPassword ? null : "The passwords do not match."),
    },
  });
  const onSubmit = form.onSubmit(({ newPassword }) => {
    setError(null);
    reset.mutate(
      { token, newPassword },
      {
        onSuccess: ({ user }) => {
          notify.success(MSG.passwordSet);
          navigate(DASHBOARD_PATH[user.role], { replace: true });
        },
        onError: (e) => {
          // The token's problem has no field on this page: it is said above the form.
          if (isApiError(e) && e.fields.token) return setError(e.fields.token);
          showFailure(form, e, setError);
        },
      },
    );
  });

  const tokenProblem = error === MSG.resetTokenInvalid;
  return (
    <AccountForm
      onSubmit={onSubmit}
      error={error}
      submit="Set password"
      busy={reset.isPending || check.isLoading}
      disabled={unusable}
    >
      {tokenProblem && (
        <Text size="sm">
          <Anchor component={Link} to="/forgot-password">
            Ask for a new link
          </Anchor>
        </Text>
      )}
      <NewPasswordField form={form} path="newPassword" label="New password" disabled={unusable} />
      <PasswordField
        form={form}
        path="confirm"
        label="Repeat the new password"
        autoComplete="new-password"
        disabled={unusable}
      />
    </AccountForm>
  );
}
