import { DocumentPreview } from "@client/components/document-preview";
import { SimilarProposals } from "@client/components/similar-proposals";
import { useTimeZone } from "@client/lib/dates";
import { growingText } from "@client/lib/forms";
import { formAfterRefusal } from "@client/lib/life-mutation";
import { notify } from "@client/lib/notify";
import { useNarrow } from "@client/lib/use-narrow";
import { Divider, Grid, Modal, Stack, Text, Textarea } from "@mantine/core";
import type { ProposalStatus } from "@shared/enums";
import { LIMITS } from "@shared/limits";
import { MSG } from "@shared/messages";
import { reviewSchema } from "@shared/schemas/proposals";
import { useEffect, useRef, useState } from "react";
import { useReviewProposal } from "../api/use-review-proposal";
import { type Decision, DecisionChoice, DecisionConfirm } from "./review-decision";
import { type Reviewable, ReviewDetails } from "./review-details";
import { ReviewVersions } from "./review-versions";

/**
 * What the review did, said by where the proposal now is: the specification's words when it is
 * Approved or Denied, and not "Approved" when an approval went on to the committee.
 */
const SUCCESS: Partial<Record<ProposalStatus, string>> = {
  Approved: MSG.proposalReviewed("Approved"),
  Denied: MSG.proposalReviewed("Denied"),
  "Changes requested": MSG.changesRequested,
  "Awaiting committee": MSG.approvedToCommittee,
};

/**
 * The review of one Pending proposal, with what it is before the reviewer: its details, its current
 * document (shown in the modal on a wide screen), its versions and the diff since the one before,
 * and the similar proposals the reviewer may see (DESIGN.md §19); then the Feedback box and the three decisions of the
 * transition table (Approve, Deny, Request changes); choosing one shows what will happen, to
 * Confirm or go Back. A proposal reviewed meanwhile elsewhere (409) or gone (404) closes the modal
 * and the lists refresh (the mutation invalidates them).
 */
export function ReviewModal({ proposal, onClose }: { proposal: Reviewable | null; onClose: () => void }) {
  const narrow = useNarrow();
  return (
    <Modal
      opened={proposal !== null}
      onClose={onClose}
      title="Review proposal"
      fullScreen={narrow}
      size={proposal?.document ? "min(1240px, 96vw)" : "xl"}
    >
      {proposal && <ReviewBody key={proposal.id} proposal={proposal} onClose={onClose} />}
    </Modal>
  );
}

function ReviewBody({ proposal, onClose }: { proposal: Reviewable; onClose: () => void }) {
  const review = useReviewProposal(proposal.id, {
    onSuccess: (answer, input) => {
      notify.success(SUCCESS[answer.proposal.status] ?? MSG.proposalReviewed(input.status));
      onClose();
    },
  });
  const zone = useTimeZone();
  const [feedback, setFeedback] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [decision, setDecision] = useState<Decision | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const chosenRef = useRef<Decision | null>(null);
  const buttonRefs = useRef<Partial<Record<Decision, HTMLButtonElement | null>>>({});

  // The confirmation takes the focus (its question is the Confirm button's description); Back
  // returns it to the decision that was chosen.
  useEffect(() => {
    if (decision) confirmRef.current?.focus();
    else if (chosenRef.current) buttonRefs.current[chosenRef.current]?.focus();
  }, [decision]);

  const choose = (status: Decision) => {
    const parsed = reviewSchema.safeParse({ status, feedback });
    if (!parsed.success) {
      setError(
        parsed.error.issues.find((i) => i.path[0] === "feedback")?.message ?? parsed.error.issues[0].message,
      );
      return;
    }
    setError(null);
    chosenRef.current = status;
    setDecision(status);
  };

  const confirm = () => {
    if (!decision) return;
    const parsed = reviewSchema.safeParse({ status: decision, feedback });
    if (!parsed.success) return setDecision(null);
    review.mutate(parsed.data, {
      onError: (e) => {
        const done = formAfterRefusal(e, {
          fields: ["feedback"],
          setErrors: (f) => setError(f.feedback),
          close: onClose,
        });
        if (done !== "closed") setDecision(null);
      },
    });
  };

  const doc = proposal.document;
  const narrow = useNarrow();
  // Beside the rest on a wide screen; on a phone (links, no preview) right under the details.
  const document = doc && (
    <Stack gap={4} role="group" aria-label="Document">
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        Document (version {proposal.version})
      </Text>
      <DocumentPreview document={doc} height="62vh" />
    </Stack>
  );
  return (
    <Stack>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: doc ? 5 : 12 }}>
          <Stack>
            <ReviewDetails proposal={proposal} zone={zone} />
            {narrow && document}
            {!doc && (
              <Text size="sm" c="dimmed">
                No document is attached to version {proposal.version}.
              </Text>
            )}
            <SimilarProposals
              title={proposal.title}
              exclude={proposal.id}
              linkTo={(p) => `/supervisor/proposals/${p.id}`}
              emptyText="No similar titles among the proposals you can see."
            />
            <ReviewVersions proposalId={proposal.id} zone={zone} />
          </Stack>
        </Grid.Col>
        {document && !narrow && <Grid.Col span={{ base: 12, md: 7 }}>{document}</Grid.Col>}
      </Grid>
      <Divider />
      <Textarea
        label="Feedback"
        description="Required when denying or requesting changes; the group sees it with the decision."
        placeholder="What should the group know about your decision?"
        {...growingText(3, 8, LIMITS.feedbackMax)}
        value={feedback}
        error={error}
        readOnly={decision !== null}
        onChange={(e) => {
          setFeedback(e.currentTarget.value);
          if (error) setError(null);
        }}
      />
      {decision ? (
        <DecisionConfirm
          decision={decision}
          proposal={proposal}
          zone={zone}
          busy={review.isPending}
          onBack={() => setDecision(null)}
          onConfirm={confirm}
          confirmRef={confirmRef}
        />
      ) : (
        <DecisionChoice proposal={proposal} onChoose={choose} onCancel={onClose} buttons={buttonRefs} />
      )}
    </Stack>
  );
}
