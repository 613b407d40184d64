import { Alert, Button, Center, Loader, Stack, Text } from "@mantine/core";
import { IconChecklist, IconInfoCircle } from "@tabler/icons-react";
import { Link } from "react-router";
import { useCurrentProposal } from "../api/use-current-proposal";
import { ProposalCard } from "./proposal-card";
import { ProposalForm } from "./proposal-form";

/**
 * Submit Proposal: the form, unless the student already belongs to a Pending or Approved
 * proposal; then that proposal is shown instead (the server refuses a second one anyway).
 */
export function SubmitProposal() {
  const { current, isPending } = useCurrentProposal();
  if (isPending)
    return (
      <Center py="xl">
        <Loader size="sm" aria-label="Loading" />
      </Center>
    );
  if (current)
    return (
      <Stack>
        <Alert color="blue" icon={<IconInfoCircle size={18} />} title="You are already in an active proposal">
          <Text size="sm">
            A student can be in one Pending or Approved proposal at a time. Follow this one on Proposal
            Status.
          </Text>
        </Alert>
        <ProposalCard
          proposal={current}
          footer={
            <Button component={Link} to="/student/proposal-status" leftSection={<IconChecklist size={16} />}>
              Go to Proposal Status
            </Button>
          }
        />
      </Stack>
    );
  return <ProposalForm />;
}
