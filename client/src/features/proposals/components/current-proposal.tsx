import { EmptyState } from "@client/components/empty-state";
import { Alert, Button, Group, Skeleton, Stack, Title } from "@mantine/core";
import { MSG } from "@shared/messages";
import { IconAlertCircle, IconChecklist, IconFileText, IconSend } from "@tabler/icons-react";
import { Link } from "react-router";
import { useCurrentProposal } from "../api/use-current-proposal";
import { ProposalCard } from "./proposal-card";

/** The dashboard's card: the student's current proposal and its status, or a way to submit one. */
export function CurrentProposal() {
  const { current, isPending, isError } = useCurrentProposal();
  if (isPending) return <Skeleton height={160} radius="md" />;
  if (isError)
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />}>
        {MSG.fetchProposalsFailed}
      </Alert>
    );
  if (!current)
    return (
      <EmptyState
        icon={IconFileText}
        title="No active proposal"
        description="You are not in a Pending or Approved proposal. Choose a research cell and a supervisor, add up to two group members, and submit."
        action={
          <Button component={Link} to="/student/proposal" leftSection={<IconSend size={16} />}>
            Submit a proposal
          </Button>
        }
      />
    );
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={2} fz="md" c="dimmed">
          Your current proposal
        </Title>
      </Group>
      <ProposalCard
        proposal={current}
        footer={
          <Button
            component={Link}
            to="/student/proposal-status"
            variant="light"
            leftSection={<IconChecklist size={16} />}
          >
            Proposal Status
          </Button>
        }
      />
    </Stack>
  );
}
