import { formatInZone } from "@client/lib/dates";
import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { MSG } from "@shared/messages";
import { findTransition } from "@shared/proposal-life";
import { actionsOffered, REVIEW_ACTIONS } from "@shared/proposal-offers";
import type { REVIEW_STATUSES } from "@shared/schemas/proposals";
import { IconArrowBackUp, IconCheck, IconEdit, IconX } from "@tabler/icons-react";
import { type RefObject, useId } from "react";
import type { Reviewable } from "./review-details";

export type Decision = (typeof REVIEW_STATUSES)[number];

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

const COLOR: Record<Decision, string | undefined> = {
  Approved: "green",
  Denied: "red",
  "Changes requested": undefined,
};

/**
 * The three decisions of the transition table beside Cancel. Request changes is offered only
 * before the term's revision deadline: after it, disabled and saying why. `buttons` keeps each
 * decision's button, for the focus to come back to it.
 */
export function DecisionChoice({
  proposal,
  onChoose,
  onCancel,
  buttons,
}: {
  proposal: Reviewable;
  onChoose: (decision: Decision) => void;
  onCancel: () => void;
  buttons: RefObject<Partial<Record<Decision, HTMLButtonElement | null>>>;
}) {
  const offered = actionsOffered(proposal.status, ["supervisor"], proposal.term);
  const changesClosed = offered.closed.includes("requestChanges");
  const closedId = useId();
  const keep = (decision: Decision) => (el: HTMLButtonElement | null) => {
    buttons.current[decision] = el;
  };
  return (
    <Stack gap="xs">
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button
          ref={keep("Changes requested")}
          variant="outline"
          leftSection={<IconEdit size={16} />}
          onClick={() => onChoose("Changes requested")}
          disabled={!offered.open.includes("requestChanges")}
          aria-describedby={changesClosed ? closedId : undefined}
        >
          Request changes
        </Button>
        <Button
          ref={keep("Denied")}
          color="red"
          leftSection={<IconX size={16} />}
          onClick={() => onChoose("Denied")}
        >
          Deny
        </Button>
        <Button
          ref={keep("Approved")}
          color="green"
          leftSection={<IconCheck size={16} />}
          onClick={() => onChoose("Approved")}
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
  );
}

/** The chosen decision and what it will do (where the table leads it), to Confirm or go Back. */
export function DecisionConfirm({
  decision,
  proposal,
  zone,
  busy,
  onBack,
  onConfirm,
  confirmRef,
}: {
  decision: Decision;
  proposal: Reviewable;
  zone: string;
  busy: boolean;
  onBack: () => void;
  onConfirm: () => void;
  confirmRef: RefObject<HTMLButtonElement | null>;
}) {
  const questionId = useId();
  const to = findTransition(REVIEW_ACTIONS[decision], proposal.status, ["supervisor"], {
    committeeApproval: proposal.term.committeeApproval,
  })?.to;
  return (
    <Stack gap="sm">
      <Alert color={COLOR[decision] ?? "yellow"} variant="light" title="Confirm your review">
        <Text size="sm" id={questionId}>
          {consequence(decision, proposal, to, zone)}
        </Text>
      </Alert>
      <Group justify="flex-end">
        <Button
          variant="default"
          leftSection={<IconArrowBackUp size={16} />}
          onClick={onBack}
          disabled={busy}
        >
          Back
        </Button>
        <Button
          ref={confirmRef}
          color={COLOR[decision]}
          aria-describedby={questionId}
          onClick={onConfirm}
          loading={busy}
        >
          Confirm
        </Button>
      </Group>
    </Stack>
  );
}
