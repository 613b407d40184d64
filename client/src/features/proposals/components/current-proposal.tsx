import { AllocatedTopic, useAllocationResult } from "@client/components/allocation-result";
import { EmptyState } from "@client/components/empty-state";
import { useCurrentTerm } from "@client/lib/current-term";
import { Alert, Button, Group, Skeleton, Stack, Title } from "@mantine/core";
import { MSG } from "@shared/messages";
import { IconAlertCircle, IconChecklist, IconCopy, IconFileText, IconSend } from "@tabler/icons-react";
import { Link } from "react-router";
import { useCurrentProposal, useLatestDecided } from "../api/use-current-proposal";
import { DecidedNote, NextStep } from "./next-step";
import { ProposalCard } from "./proposal-card";

const submitButton = (label: string, variant: "filled" | "default" = "filled") => (
  <Button component={Link} to="/student/proposal" variant={variant} leftSection={<IconSend size={16} />}>
    {label}
  </Button>
);

/**
 * The dashboard's card: the student's current proposal, its status and what happens next; with
 * none, the latest decided one (its feedback, and a way to start again from it); else a way to
 * submit one.
 */
export function CurrentProposal() {
  const { current, isPending, isError } = useCurrentProposal();
  const term = useCurrentTerm();
  const decided = useLatestDecided(!isPending && !isError && !current);
  // The student is one of the group: once the term's allocation is published, the topic it got.
  const allocated = useAllocationResult(current ?? { id: "", term: { id: "", mode: "direct" } }, !!current);
  if (isPending) return <Skeleton height={160} radius="md" />;
  if (isError)
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />}>
        {MSG.fetchProposalsFailed}
      </Alert>
    );
  if (current)
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
        >
          {allocated && <AllocatedTopic receipt={allocated} status={current.status} own />}
          <NextStep proposal={current} />
        </ProposalCard>
      </Stack>
    );
  if (decided.isPending) return <Skeleton height={160} radius="md" />;
  const latest = decided.latest;
  if (!latest)
    return (
      <EmptyState
        icon={IconFileText}
        title="No active proposal"
        description={
          term.data?.term?.mode === "allocation"
            ? "You are not in an active proposal. Rank the topics on offer, invite up to two group members, and submit."
            : "You are not in an active proposal. Choose a research cell and a supervisor, invite up to two group members, and submit."
        }
        action={submitButton("Submit a proposal")}
      />
    );
  const startAgain = latest.status === "Denied" || latest.status === "Withdrawn";
  return (
    <Stack gap="xs">
      <Title order={2} fz="md" c="dimmed">
        Your latest proposal
      </Title>
      <ProposalCard
        proposal={latest}
        showTerm
        footer={
          startAgain ? (
            <>
              <Button
                component={Link}
                to={`/student/proposal?from=${latest.id}`}
                leftSection={<IconCopy size={16} />}
              >
                Start a new proposal from this one
              </Button>
              {submitButton("Submit a new proposal", "default")}
            </>
          ) : (
            submitButton("Submit a proposal")
          )
        }
      >
        <DecidedNote proposal={latest} />
      </ProposalCard>
    </Stack>
  );
}
