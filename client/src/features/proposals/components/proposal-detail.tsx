import { EmptyState } from "@client/components/empty-state";
import { isApiError } from "@client/lib/api";
import { Alert, Anchor, Button, Center, Loader, Stack } from "@mantine/core";
import { MSG } from "@shared/messages";
import { IconArrowLeft, IconFileOff } from "@tabler/icons-react";
import { Link } from "react-router";
import { useProposal } from "../api/use-proposal";
import { ProposalCard } from "./proposal-card";

/** One proposal in full; someone else's (or a made-up id) is simply not found. */
export function ProposalDetail({
  id,
  backTo = { to: "/student/proposal-status", label: "Back to Proposal Status" },
}: {
  id: string;
  /** The link above the proposal: the student's list by default. */
  backTo?: { to: string; label: string };
}) {
  const query = useProposal(id);
  const back = (
    <Anchor component={Link} to={backTo.to} size="sm">
      <IconArrowLeft size={14} style={{ verticalAlign: "middle" }} /> {backTo.label}
    </Anchor>
  );
  if (query.isPending)
    return (
      <Center py="xl">
        <Loader size="sm" aria-label="Loading proposal" />
      </Center>
    );
  if (query.isError) {
    const missing = isApiError(query.error) && (query.error.status === 404 || query.error.status === 400);
    return (
      <Stack>
        {back}
        {missing ? (
          <EmptyState
            icon={IconFileOff}
            title="Proposal not found"
            description="It does not exist, or you are not in its group."
          />
        ) : (
          <Alert color="red" title={MSG.fetchProposalsFailed}>
            <Button variant="default" size="xs" onClick={() => query.refetch()}>
              Try again
            </Button>
          </Alert>
        )}
      </Stack>
    );
  }
  return (
    <Stack>
      {back}
      <ProposalCard proposal={query.data} full linkTitle={false} />
    </Stack>
  );
}
