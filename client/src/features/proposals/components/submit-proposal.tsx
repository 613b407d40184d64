import { PageLoader } from "@client/components/page-loader";
import { useCurrentTerm } from "@client/lib/current-term";
import { proposalQueries } from "@client/lib/queries/proposals";
import { Alert, Button, Stack, Text } from "@mantine/core";
import type { Proposal, ProposalFields } from "@shared/schemas/proposals";
import { IconChecklist, IconCircleCheck, IconCopy, IconInfoCircle, IconMail } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { useCurrentProposal } from "../api/use-current-proposal";
import { nameList, waitingFor } from "./next-step";
import { ProposalCard } from "./proposal-card";
import { ProposalForm, type ProposalValues } from "./proposal-form";
import { RankedProposalForm } from "./ranked-proposal-form";
import { SubmissionWindowCard } from "./submission-window";
import { useSubmissionWindow } from "./use-submission-window";

const toStatus = (
  <Button component={Link} to="/student/proposal-status" leftSection={<IconChecklist size={16} />}>
    Go to Proposal Status
  </Button>
);

/** What the new proposal waits for, in the words of its status (DESIGN.md §9). */
function afterSubmission(p: Pick<ProposalFields, "status" | "members" | "supervisor">) {
  const supervisor = p.supervisor?.name ?? "your supervisor";
  if (p.status === "Awaiting members") {
    const names = waitingFor(p);
    return `It is Awaiting members: waiting for ${nameList(names) || "your group"} to answer ${names.length === 1 ? "their invitation" : "their invitations"}. It goes to ${supervisor} once everyone has answered; follow it, and read their feedback, on Proposal Status.`;
  }
  if (p.status === "Awaiting allocation")
    return "It is Awaiting allocation. The committee allocates the topics: your group gets one on its list, and its supervisor then. Until the allocation is published you may change your list on the proposal's page.";
  return `It is ${p.status}: ${supervisor} reviews it next. Follow its status, and read their feedback, on Proposal Status.`;
}

/** The fields a new proposal takes from an earlier one: not its members, who are invited afresh. */
const startingFrom = (p: Proposal): Partial<ProposalValues> => ({
  title: p.title,
  abstract: p.abstract,
  type: p.type,
  researchCellId: p.researchCell?.id ?? "",
  supervisorId: p.supervisor?.id ?? "",
});

/**
 * Submit Proposal: the form, unless the student already belongs to an active proposal; then that
 * proposal is shown instead (the server refuses a second one anyway). With `?from=<id>` the form
 * starts from that proposal (a denied or withdrawn one, from the dashboard). Right after a
 * submission the new proposal is shown as what it is, a success with its status, not as a proposal
 * that stands in the way of another. Above the form, the current term's submission window:
 * outside it the form is disabled, saying why in the server's words, and it opens or closes by
 * itself when the window does.
 */
export function SubmitProposal() {
  const { current, isPending } = useCurrentProposal();
  const [params] = useSearchParams();
  const fromId = params.get("from");
  const from = useQuery({ ...proposalQueries.detail(fromId ?? ""), enabled: !!fromId });
  const invitations = useQuery(proposalQueries.invitations());
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
    // The list's copy once it has it: a review, an answer or a live event keeps it current.
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
          <Text size="sm">{afterSubmission(shown)}</Text>
        </Alert>
        <ProposalCard proposal={shown} footer={toStatus} />
      </Stack>
    );
  }
  if (isPending || terms.isPending || (fromId && from.isPending)) return <PageLoader />;
  if (current)
    return (
      <Stack>
        <Alert color="blue" icon={<IconInfoCircle size={18} />} title="You are already in an active proposal">
          <Text size="sm">
            A student can be in one active proposal a term. Follow this one on Proposal Status.
          </Text>
        </Alert>
        <ProposalCard proposal={current} footer={toStatus} />
      </Stack>
    );
  const open = invitations.data ?? [];
  return (
    <Stack>
      {fromId &&
        (from.data ? (
          <Alert color="blue" icon={<IconCopy size={18} />} title={`Starting from “${from.data.title}”`}>
            <Text size="sm">
              Its title, abstract, type, research cell and supervisor are filled in; change what you like.
              Name your group members again: each gets a new invitation.
            </Text>
          </Alert>
        ) : (
          <Alert
            color="yellow"
            icon={<IconInfoCircle size={18} />}
            title="The proposal to start from was not found"
          >
            <Text size="sm">Fill in the form from the start.</Text>
          </Alert>
        ))}
      {open.length > 0 && (
        <Alert color="blue" icon={<IconMail size={18} />} title="You have open invitations">
          <Text size="sm">
            Submitting your own proposal takes your place in the term and declines{" "}
            {open.length === 1
              ? `your invitation to “${open[0].title}”`
              : `your ${open.length} open invitations`}
            . You can answer {open.length === 1 ? "it" : "them"} on your Dashboard instead.
          </Text>
        </Alert>
      )}
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
          // A new form once the proposal to start from has arrived.
          key={from.data?.id ?? "blank"}
          initial={from.data ? startingFrom(from.data) : undefined}
          onSubmitted={setSubmitted}
          closed={submissions.reason !== null}
          describedBy={reasonId}
        />
      )}
    </Stack>
  );
}
