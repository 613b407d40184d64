import { Alert, Container, Paper, Text, Title } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import type { ReactNode } from "react";

export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Container size={440} py={48}>
      <Title order={1} ta="center" fz={28}>
        {title}
      </Title>
      {subtitle && (
        <Text c="dimmed" size="sm" ta="center" mt={6}>
          {subtitle}
        </Text>
      )}
      <Paper withBorder shadow="sm" p="xl" mt="xl" radius="md">
        {children}
      </Paper>
    </Container>
  );
}

/** A refusal that belongs to no single field, shown above the form (and announced). */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
      {message}
    </Alert>
  );
}
