import { useUser } from "@client/lib/auth";
import { Paper, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";

export default function CommitteeDashboard() {
  const user = useUser();
  useDocumentTitle("Dashboard · ThesisDesk");
  return (
    <Paper p="xl" withBorder>
      <Title order={1} fz={26}>
        Welcome, {user.name}
      </Title>
      <Text c="dimmed" mt="xs">
        Manage students, teachers, committee members and research cells from the menu.
      </Text>
    </Paper>
  );
}
