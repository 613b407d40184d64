import { AuthCard } from "@client/components/auth-card";
import { RegisterForm } from "@client/features/account/components/register-form";
import { Anchor, Text } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { Link } from "react-router";
import { AuthLinks } from "./auth-links";

export default function RegisterPage() {
  useDocumentTitle("Register · ThesisDesk");
  return (
    <AuthCard
      title="Create your student account"
      subtitle="Supervisor and committee accounts are made by the committee."
    >
      <RegisterForm />
      <AuthLinks>
        <Text size="sm">
          Already registered?{" "}
          <Anchor component={Link} to="/login">
            Log in
          </Anchor>
        </Text>
      </AuthLinks>
    </AuthCard>
  );
}
