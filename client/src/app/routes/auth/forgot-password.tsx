import { AuthCard } from "@client/components/auth-card";
import { ForgotPasswordForm } from "@client/features/password/components/forgot-password-form";
import { Anchor, Group } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { Link } from "react-router";

export default function ForgotPasswordPage() {
  useDocumentTitle("Forgot password · ThesisDesk");
  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="We will email you a link to choose a new one. It works once, for one hour."
    >
      <ForgotPasswordForm />
      <Group justify="space-between" mt="lg">
        <Anchor component={Link} to="/login" size="sm">
          Back to log in
        </Anchor>
        <Anchor component={Link} to="/" size="sm">
          Home
        </Anchor>
      </Group>
    </AuthCard>
  );
}
