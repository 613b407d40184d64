import { OverdueBadge } from "@client/components/overdue-badge";
import { StatusBadge } from "@client/components/status-badge";
import { DateText, formatInZone, useTimeZone } from "@client/lib/dates";
import { formAfterRefusal } from "@client/lib/life-mutation";
import { notify } from "@client/lib/notify";
import { cellTitle, memberNames } from "@client/lib/proposal-format";
import { proposalQueries } from "@client/lib/queries/proposals";
import {
  Alert,
  Badge,
  Button,
  Divider,
  Group,
  Modal,
  SimpleGrid,
  Spoiler,
  Stack,
  Text,
  Textarea,
} from "@mantine/core";
import { LIMITS } from "@shared/limits";
import { MSG } from "@shared/messages";
import { actionsOffered, findTransition, REVIEW_ACTIONS } from "@shared/proposal-life";
import {
  type Proposal,
  type ProposalSummary,
  type REVIEW_STATUSES,
  reviewSchema,
} from "@shared/schemas/proposals";
import { IconArrowBackUp, IconCheck, IconEdit, IconX } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useReviewProposal } from "../api/use-review-proposal";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </Stack>
  );
}

type Decision = (typeof REVIEW_STATUSES)[number];
/** A proposal from a list (an excerpt of its abstract) or whole (from its page). */
type Reviewable = ProposalSummary | Proposal;

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

/**
 * The abstract to review: a list carries its first LIMITS.excerptMax characters, so one that long
 * may be cut and the whole proposal is fetched; until it arrives the excerpt shows.
 */
function useAbstract(proposal: Reviewable) {
  const given = "abstract" in proposal ? proposal.abstract : null;
  const cut = given === null && "excerpt" in proposal && proposal.excerpt.length >= LIMITS.excerptMax;
  const whole = useQuery({ ...proposalQueries.detail(proposal.id), enabled: cut });
  const excerpt = "excerpt" in proposal ? proposal.excerpt : "";
  return { text: given ?? whole.data?.abstract ?? excerpt, loading: cut && whole.isPending };
}

/** What a decision does, said before it is confirmed; `to` is where the table leads it. */
function consequence(decision: Decision, p: Reviewable, to: string | undefined, zone: string): string {
  if (decision === "Approved")
    return to === "Awaiting committee"
      ? `Approve this proposal? The group is told; in ${p.term.name} the committee decides next, so it becomes Awaiting committee.`
      : "Approve this proposal? It becomes Approved and the group is told.";
  if (decision === "Denied")
    return "Deny this proposal? It becomes Denied, the group's places are freed, and the group is told with your feedback.";
  const until = p.term.revisionsCloseAt
    ? ` until ${formatInZone(p.term.revisionsCloseAt, zone)}`
    : "; there is no revision deadline";
  return `Request changes? The group is told with your feedback and may submit a new version${until}. It comes back to you as Pending.`;
}

function ReviewBody({ proposal, onClose }: { proposal: Reviewable; onClose: () => void }) {
  const review = useReviewProposal(proposal.id, {
    onSuccess: (_, input) => {
      notify.success(SUCCESS[input.status]);
      onClose();
    },
  });
  const abstract = useAbstract(proposal);
  const zone = useTimeZone();
  const [feedback, setFeedback] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [decision, setDecision] = useState<Decision | null>(null);
  const questionId = useId();
  const confirmRef = useRef<HTMLButtonElement>(null);
  const chosenRef = useRef<Decision | null>(null);
  const buttonRefs = useRef<Partial<Record<Decision, HTMLButtonElement | null>>>({});

  // What the table lets the supervisor do now: Request changes only before the revision deadline.
  const offered = actionsOffered(proposal.status, ["supervisor"], proposal.term);
  const allowed = offered.open.includes("requestChanges");
  const changesClosed = offered.closed.includes("requestChanges");
  const closedId = useId();

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

  const to = decision
    ? findTransition(REVIEW_ACTIONS[decision], proposal.status, ["supervisor"], {
        committeeApproval: proposal.term.committeeApproval,
      })?.to
    : undefined;

  return (
    <Stack>
      <Stack gap={4}>
        <Text fw={700} size="lg" style={{ overflowWrap: "anywhere" }}>
          {proposal.title}
        </Text>
        <Group gap="xs">
          <Badge variant="light">{proposal.type}</Badge>
          <StatusBadge status={proposal.status} />
          <OverdueBadge proposal={proposal} />
        </Group>
      </Stack>
      <Stack gap={2}>
        <Text size="xs" c="dimmed" fw={600} tt="uppercase">
          Abstract
        </Text>
        <Spoiler maxHeight={140} showLabel="Show more" hideLabel="Show less">
          <Text
            size="sm"
            style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
            aria-busy={abstract.loading}
          >
            {abstract.text}
            {abstract.loading && "…"}
          </Text>
        </Spoiler>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Fact label="Type">{proposal.type}</Fact>
        <Fact label="Research cell">{cellTitle(proposal)}</Fact>
        <Fact label="Submitted by">{proposal.createdBy?.name || MSG.unknown}</Fact>
        <Fact label="Submitted">
          <DateText iso={proposal.createdAt} />
        </Fact>
        <Fact label="Members">{memberNames(proposal)}</Fact>
        <Fact label="Term">{proposal.term.name}</Fact>
        {proposal.version > 1 && <Fact label="Version">{proposal.version}</Fact>}
        {proposal.reviewDueAt && <Fact label="Review due">{formatInZone(proposal.reviewDueAt, zone)}</Fact>}
      </SimpleGrid>
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
        <Stack gap="sm">
          <Alert
            color={decision === "Denied" ? "red" : decision === "Approved" ? "green" : "yellow"}
            variant="light"
            title="Confirm your review"
          >
            <Text size="sm" id={questionId}>
              {consequence(decision, proposal, to, zone)}
            </Text>
          </Alert>
          <Group justify="flex-end">
            <Button
              variant="default"
              leftSection={<IconArrowBackUp size={16} />}
              onClick={() => setDecision(null)}
              disabled={review.isPending}
            >
              Back
            </Button>
            <Button
              ref={confirmRef}
              color={decision === "Denied" ? "red" : decision === "Approved" ? "green" : undefined}
              aria-describedby={questionId}
              onClick={confirm}
              loading={review.isPending}
            >
              Confirm
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="xs">
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              ref={(el) => {
                buttonRefs.current["Changes requested"] = el;
              }}
              variant="outline"
              leftSection={<IconEdit size={16} />}
              onClick={() => choose("Changes requested")}
              disabled={!allowed}
              aria-describedby={changesClosed ? closedId : undefined}
            >
              Request changes
            </Button>
            <Button
              ref={(el) => {
                buttonRefs.current.Denied = el;
              }}
              color="red"
              leftSection={<IconX size={16} />}
              onClick={() => choose("Denied")}
            >
              Deny
            </Button>
            <Button
              ref={(el) => {
                buttonRefs.current.Approved = el;
              }}
              color="green"
              leftSection={<IconCheck size={16} />}
              onClick={() => choose("Approved")}
            >
              Approve
            </Button>
          </Group>
          {changesClosed && (
            <Text size="sm" ta="right" id={closedId}>
              Request changes: {MSG.revisionsClosed(proposal.term.name)}
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}
