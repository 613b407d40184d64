import { LatestNoticeCard } from "@client/features/notices/components/latest-notice-card";
import { CurrentProposal } from "@client/features/proposals/components/current-proposal";
import { useUser } from "@client/lib/auth";
import { Paper, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";

/**
 * A student whose account was made today is on their first visit: "welcome", not "welcome back".
 * The day of registration is the one record of a first visit there is; having a proposal is none
 * (a student named as a group member has one before they ever open ThesisDesk).
 */
export const isFirstVisit = (createdAt: string, now = new Date()) =>
  new Date(createdAt).toDateString() === now.toDateString();

export default function StudentDashboard() {
  const user = useUser();
  useDocumentTitle("Dashboard · ThesisDesk");
  return (
    <Stack gap="lg">
      <Paper p="xl" withBorder>
        <Title order={1} fz={26}>
          {isFirstVisit(user.createdAt)
            ? `Hi ${user.name}, welcome to ThesisDesk!`
            : `Hi ${user.name}, welcome back to ThesisDesk!`}
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
