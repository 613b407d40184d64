import { AuthCard } from "@client/components/auth-card";
import { LoginForm } from "@client/features/account/components/login-form";
import { Anchor, Text } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { Link } from "react-router";
import { AuthLinks } from "./auth-links";

export default function LoginPage() {
  useDocumentTitle("Log in · ThesisDesk");
  return (
    <AuthCard title="Welcome back" subtitle="Log in to follow your proposals, reviews and notices.">
      <LoginForm />
      <AuthLinks>
        <Text size="sm">
          New student?{" "}
          <Anchor component={Link} to="/register">
            Register
          </Anchor>
        </Text>
      </AuthLinks>
    </AuthCard>
  );
}
