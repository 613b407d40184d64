import { InvitationsCard } from "@client/features/invitations/components/invitations-card";
import { LatestNoticeCard } from "@client/features/notices/components/latest-notice-card";
import { CurrentProposal } from "@client/features/proposals/components/current-proposal";
import { SubmissionWindow } from "@client/features/proposals/components/submission-window";
import { useUser } from "@client/lib/auth";
import { proposalQueries } from "@client/lib/queries/proposals";
import { Paper, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";

const sameDay = (iso: string, now: Date) => new Date(iso).toDateString() === now.toDateString();

/**
 * A student is on their first visit, and greeted "welcome" rather than "welcome back", on the day
 * their account was made, unless a proposal of theirs is older than that day (an account dated
 * later than its own proposals, as a data load makes them). The day of registration is the one
 * record of a first visit there is; a proposal alone is none, since a student named as a group
 * member has one before they ever open ThesisDesk.
 */
export const isFirstVisit = (createdAt: string, proposalDates: string[] = [], now = new Date()) =>
  sameDay(createdAt, now) && proposalDates.every((d) => sameDay(d, now));

export default function StudentDashboard() {
  const user = useUser();
  useDocumentTitle("Dashboard · ThesisDesk");
  // The same cached list as the current-proposal card below: no request of its own.
  const recent = useQuery(proposalQueries.recent());
  const first = isFirstVisit(
    user.createdAt,
    recent.data?.items.map((p) => p.createdAt),
  );
  return (
    <Stack gap="lg">
      <Paper p="xl" withBorder>
        <Title order={1} fz={26}>
          {first ? `Hi ${user.name}, welcome to ThesisDesk!` : `Hi ${user.name}, welcome back to ThesisDesk!`}
        </Title>
        <Text c="dimmed" mt="xs">
          Submit your thesis or project proposal, follow its review and read your supervisor's notices.
        </Text>
      </Paper>
      <InvitationsCard />
      <CurrentProposal />
      <SubmissionWindow />
      <LatestNoticeCard />
    </Stack>
  );
}
