import { useUser } from "@client/lib/auth";
import { Paper, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";

export default function StudentDashboard() {
  const user = useUser();
  useDocumentTitle("Dashboard · ThesisDesk");
  return (
    <Paper p="xl" withBorder>
      <Title order={1} fz={26}>
        Hi {user.name}, welcome back to ThesisDesk!
      </Title>
      <Text c="dimmed" mt="xs">
        Submit your thesis or project proposal, follow its review and read your supervisor's notices.
      </Text>
    </Paper>
  );
}
