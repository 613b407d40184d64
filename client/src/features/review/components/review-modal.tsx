import { useTimeZone } from "@client/lib/dates";
import { formAfterRefusal } from "@client/lib/life-mutation";
import { notify } from "@client/lib/notify";
import { Divider, Modal, Stack, Textarea } from "@mantine/core";
import { LIMITS } from "@shared/limits";
import { MSG } from "@shared/messages";
import { reviewSchema } from "@shared/schemas/proposals";
import { useEffect, useRef, useState } from "react";
import { useReviewProposal } from "../api/use-review-proposal";
import { type Decision, DecisionChoice, DecisionConfirm } from "./review-decision";
import { type Reviewable, ReviewDetails } from "./review-details";

const SUCCESS: Record<Decision, string> = {
  Approved: MSG.proposalReviewed("Approved"),
  Denied: MSG.proposalReviewed("Denied"),
  "Changes requested": MSG.changesRequested,
};

/**
 * The review of one Pending proposal: its details, the Feedback box and the three decisions of the
 * transition table (Approve, Deny, Request changes); choosing one shows what will happen, to
 * Confirm or go Back. A proposal reviewed meanwhile elsewhere (409) or gone (404) closes the modal
 * and the lists refresh (the mutation invalidates them).
 */
export function ReviewModal({ proposal, onClose }: { proposal: Reviewable | null; onClose: () => void }) {
  return (
    <Modal opened={proposal !== null} onClose={onClose} title="Review proposal" size="lg">
      {proposal && <ReviewBody key={proposal.id} proposal={proposal} onClose={onClose} />}
    </Modal>
  );
}

function ReviewBody({ proposal, onClose }: { proposal: Reviewable; onClose: () => void }) {
  const review = useReviewProposal(proposal.id, {
    onSuccess: (_, input) => {
      notify.success(SUCCESS[input.status]);
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

  return (
    <Stack>
      <ReviewDetails proposal={proposal} zone={zone} />
      <Divider />
      <Textarea
        label="Feedback"
        description="Required when denying or requesting changes; the group sees it with the decision."
        placeholder="What should the group know about your decision?"
        autosize
        minRows={3}
        maxRows={8}
        maxLength={LIMITS.feedbackMax}
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
