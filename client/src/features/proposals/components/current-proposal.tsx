import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import { MSG } from "@shared/messages";
import { IconAlertCircle, IconChecklist, IconSend } from "@tabler/icons-react";
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
      <Card withBorder radius="md" padding="lg">
        <Stack gap="xs" align="flex-start">
          <Title order={2} fz="lg">
            No active proposal
          </Title>
          <Text c="dimmed" size="sm">
            You are not in a Pending or Approved proposal. Choose a research cell and a supervisor, add up to
            two group members, and submit.
          </Text>
          <Button component={Link} to="/student/proposal" leftSection={<IconSend size={16} />} mt="xs">
            Submit a proposal
          </Button>
        </Stack>
      </Card>
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
