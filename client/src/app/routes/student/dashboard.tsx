import { LatestNoticeCard } from "@client/features/notices/components/latest-notice-card";
import { CurrentProposal } from "@client/features/proposals/components/current-proposal";
import { useUser } from "@client/lib/auth";
import { Paper, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";

export default function StudentDashboard() {
  const user = useUser();
  useDocumentTitle("Dashboard · ThesisDesk");
  return (
    <Stack gap="lg">
      <Paper p="xl" withBorder>
        <Title order={1} fz={26}>
          Hi {user.name}, welcome back to ThesisDesk!
        </Title>
        <Text c="dimmed" mt="xs">
          Submit your thesis or project proposal, follow its review and read your supervisor's notices.
        </Text>
      </Paper>
      <CurrentProposal />
      <LatestNoticeCard />
    </Stack>
  );
}
