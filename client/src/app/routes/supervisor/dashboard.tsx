import { useUser } from "@client/lib/auth";
import { Paper, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";

export default function SupervisorDashboard() {
  const user = useUser();
  useDocumentTitle("Dashboard · ThesisDesk");
  return (
    <Paper p="xl" withBorder>
      <Title order={1} fz={26}>
        Welcome, {user.name}
      </Title>
      <Text c="dimmed" mt="xs">
        Review pending proposals and keep your groups informed.
      </Text>
    </Paper>
  );
}
