import { AuthCard } from "@client/components/auth-card";
import { ResetPasswordForm } from "@client/features/account/components/reset-password-form";
import { useDocumentTitle } from "@mantine/hooks";
import { useSearchParams } from "react-router";
import { BackToLogin } from "./auth-links";

/** The page a password link opens: a reset (forgot password) or, with ?welcome=1, a first password. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const welcome = params.get("welcome") === "1";
  const title = welcome ? "Choose your password" : "Choose a new password";
  useDocumentTitle(`${title} · ThesisDesk`);
  return (
    <AuthCard
      title={title}
      subtitle={
        welcome
          ? "Welcome to ThesisDesk. Choose the password you will log in with."
          : "Your other devices will be signed out."
      }
    >
      <ResetPasswordForm token={params.get("token") ?? ""} />
      <BackToLogin />
    </AuthCard>
  );
}
