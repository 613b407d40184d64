import { Alert, Button, Center, Loader, Stack, Text } from "@mantine/core";
import type { Proposal } from "@shared/schemas/proposals";
import { IconChecklist, IconCircleCheck, IconInfoCircle } from "@tabler/icons-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { useCurrentProposal } from "../api/use-current-proposal";
import { useCurrentTerm } from "../api/use-current-term";
import { ProposalCard } from "./proposal-card";
import { ProposalForm } from "./proposal-form";
import { RankedProposalForm } from "./ranked-proposal-form";
import { SubmissionWindowCard } from "./submission-window";
import { useSubmissionWindow } from "./use-submission-window";

const toStatus = (
  <Button component={Link} to="/student/proposal-status" leftSection={<IconChecklist size={16} />}>
    Go to Proposal Status
  </Button>
);

/** What happens next to a proposal just submitted, by the status it got. */
function nextStep(p: Pick<Proposal, "status">) {
  if (p.status === "Awaiting members")
    return "The students you named are invited: it goes on once each of them has answered. Follow it on Proposal Status.";
  if (p.status === "Awaiting allocation")
    return "The committee allocates the topics: your group gets one on its list, and its supervisor then. Until the allocation is published you may change your list on the proposal's page.";
  return "Your supervisor reviews it next. Follow its status, and read their feedback, on Proposal Status.";
}

/**
 * Submit Proposal: the form, unless the student already belongs to a Pending or Approved
 * proposal; then that proposal is shown instead (the server refuses a second one anyway). Right
 * after a submission the new proposal is shown as what it is, a success, not as a proposal that
 * stands in the way of another. Above the form, the current term's submission window: outside it
 * the form is disabled, saying why in the server's words, and it opens or closes by itself when
 * the window does.
 */
export function SubmitProposal() {
  const { current, isPending } = useCurrentProposal();
  const [submitted, setSubmitted] = useState<Proposal | null>(null);
  const submissions = useSubmissionWindow();
  const terms = useCurrentTerm();
  const term = terms.data?.term ?? null;
  const reasonId = useId();
  // The form that had the focus is gone: the success takes it, so keyboard and screen reader
  // users go on from there.
  const success = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (submitted) success.current?.focus();
  }, [submitted]);

  if (submitted) {
    // The list's copy once it has it: a review or a live event keeps it current.
    const shown = current?.id === submitted.id ? current : submitted;
    return (
      <Stack>
        <Alert
          ref={success}
          tabIndex={-1}
          color="green"
          icon={<IconCircleCheck size={18} />}
          title="Your proposal is submitted"
        >
          <Text size="sm">{nextStep(shown)}</Text>
        </Alert>
        <ProposalCard proposal={shown} footer={toStatus} />
      </Stack>
    );
  }
  if (isPending || terms.isPending)
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
        <ProposalCard proposal={current} footer={toStatus} />
      </Stack>
    );
  return (
    <Stack>
      <SubmissionWindowCard value={submissions} reasonId={reasonId} />
      {term?.mode === "allocation" ? (
        <RankedProposalForm
          maxPreferences={term.maxPreferences}
          onSubmitted={setSubmitted}
          closed={submissions.reason !== null}
          describedBy={reasonId}
        />
      ) : (
        <ProposalForm
          onSubmitted={setSubmitted}
          closed={submissions.reason !== null}
          describedBy={reasonId}
        />
      )}
    </Stack>
  );
}
