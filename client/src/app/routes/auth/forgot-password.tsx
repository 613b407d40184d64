import { AuthCard } from "@client/components/auth-card";
import { ForgotPasswordForm } from "@client/features/account/components/forgot-password-form";
import { useDocumentTitle } from "@mantine/hooks";
import { BackToLogin } from "./auth-links";

export default function ForgotPasswordPage() {
  useDocumentTitle("Forgot password · ThesisDesk");
  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="We will email you a link to choose a new one. It works once, for one hour."
    >
      <ForgotPasswordForm />
      <BackToLogin />
    </AuthCard>
  );
}
