import { Anchor, Group } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";

/** The links under an account form: the way to the neighbouring form on the left, Home on the right. */
export function AuthLinks({ children }: { children: ReactNode }) {
  return (
    <Group justify="space-between" mt="lg">
      {children}
      <Anchor component={Link} to="/" size="sm">
        Home
      </Anchor>
    </Group>
  );
}

/** "Back to log in", for the password pages. */
export function BackToLogin() {
  return (
    <AuthLinks>
      <Anchor component={Link} to="/login" size="sm">
        Back to log in
      </Anchor>
    </AuthLinks>
  );
}
