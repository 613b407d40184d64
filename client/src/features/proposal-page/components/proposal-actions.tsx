import { useUser } from "@client/lib/auth";
import { formatInZone } from "@client/lib/dates";
import { termQueries } from "@client/lib/queries/terms";
import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { MSG } from "@shared/messages";
import { findTransition, type ProposalAction, partiesOf } from "@shared/proposal-life";
import { actionsOffered, REVIEW_ACTIONS } from "@shared/proposal-offers";
import type { Proposal } from "@shared/schemas/proposals";
import { stoppedByThesis } from "@shared/thesis-life";
import {
  type Icon,
  IconArrowBackUp,
  IconCheck,
  IconClipboardCheck,
  IconDoorExit,
  IconFilePlus,
  IconMapPin,
  IconUserShare,
  IconX,
} from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { type ComponentType, useId, useState } from "react";
import { DecisionModal, ReassignModal, ReopenModal } from "./committee-modals";
import { LeaveModal, WithdrawModal } from "./group-modals";
import { InvitationModal } from "./invitation-modal";
import { PlaceModal } from "./place-modal";
import { VersionModal } from "./version-modal";

/** The supervisor's review, given by the page that composes this one (it belongs to another feature). */
export type ReviewModalComponent = ComponentType<{ proposal: Proposal | null; onClose: () => void }>;

type Open =
  | "accept"
  | "decline"
  | "withdraw"
  | "leave"
  | "resubmit"
  | "review"
  | "committeeApprove"
  | "committeeDeny"
  | "reopen"
  | "reassign"
  | "place"
  | null;

/**
 * What the viewer may do to the proposal now: exactly the actions the transition table
 * (shared/src/proposal-life.ts) allows their parties from its status, each behind a confirmation
 * step. One the term's revision deadline has closed shows disabled, saying so. Nothing when there
 * is nothing to do.
 */
export function ProposalActions({
  proposal: p,
  zone,
  reviewModal: ReviewModal,
}: {
  proposal: Proposal;
  zone: string;
  reviewModal?: ReviewModalComponent;
}) {
  const user = useUser();
  const [open, setOpen] = useState<Open>(null);
  const closedId = useId();
  const close = () => setOpen(null);

  // The term as the list of terms has it (when its submissions close, its allocation), once loaded.
  const term = useQuery(termQueries.list()).data?.items.find((t) => t.id === p.term.id);
  const parties = partiesOf(user, p);
  const { open: allowed, closed: closedByDeadline } = actionsOffered(p.status, parties, {
    ...p.term,
    submissionsCloseAt: term?.submissionsCloseAt,
  });
  // Once its thesis has started, the proposal is neither reopened nor withdrawn (DESIGN.md §16).
  const can = (a: ProposalAction) => allowed.includes(a) && !stoppedByThesis(a, p.thesisId !== null);
  const isSupervisor = parties.includes("supervisor");
  const isCommittee = parties.includes("committee");
  // The committee places a group by hand only once its term's allocation is published (DESIGN.md §11).
  const published = !!term?.allocationPublishedAt;
  const canPlace = can("place") && published;

  // Each action the viewer may take now, in the order shown, and the confirmation it opens.
  const offered: {
    open: Exclude<Open, null>;
    shown: boolean;
    label: string;
    icon: Icon;
    color?: string;
    variant?: "outline";
    closed?: boolean;
  }[] = [
    { open: "accept", shown: can("accept"), label: "Accept invitation", icon: IconCheck, color: "green" },
    {
      open: "decline",
      shown: can("decline"),
      label: "Decline invitation",
      icon: IconX,
      color: "red",
      variant: "outline",
    },
    {
      open: "resubmit",
      shown: can("resubmit") || closedByDeadline.includes("resubmit"),
      label: "Submit a new version",
      icon: IconFilePlus,
      closed: !can("resubmit"),
    },
    {
      open: "review",
      shown: isSupervisor && !!ReviewModal && Object.values(REVIEW_ACTIONS).some(can),
      label: "Review",
      icon: IconClipboardCheck,
    },
    {
      open: "committeeApprove",
      shown: isCommittee && can("approve"),
      label: "Approve",
      icon: IconCheck,
      color: "green",
    },
    { open: "committeeDeny", shown: isCommittee && can("deny"), label: "Deny", icon: IconX, color: "red" },
    { open: "reopen", shown: can("reopen"), label: "Reopen", icon: IconArrowBackUp },
    { open: "reassign", shown: can("reassign"), label: "Reassign", icon: IconUserShare, variant: "outline" },
    { open: "place", shown: canPlace, label: "Place", icon: IconMapPin },
    {
      open: "leave",
      shown: can("leave"),
      label: "Leave group",
      icon: IconDoorExit,
      color: "red",
      variant: "outline",
    },
    {
      open: "withdraw",
      shown: can("withdraw"),
      label: "Withdraw proposal",
      icon: IconX,
      color: "red",
      variant: "outline",
    },
  ];
  const buttons = offered
    .filter((b) => b.shown)
    .map(({ open: which, label, icon: ActionIcon, color, variant, closed }) => (
      <Button
        key={which}
        color={color}
        variant={variant}
        leftSection={<ActionIcon size={16} />}
        onClick={() => setOpen(which)}
        disabled={closed}
        aria-describedby={closed ? closedId : undefined}
      >
        {label}
      </Button>
    ));

  if (!buttons.length) return null;
  return (
    <Stack gap="xs" component="section" aria-label="Actions">
      <Lead proposal={p} invited={can("accept")} revising={can("resubmit")} zone={zone} />
      <Group gap="sm">{buttons}</Group>
      {closedByDeadline.includes("resubmit") && (
        <Text size="sm" id={closedId}>
          {MSG.revisionsClosed(p.term.name)}
        </Text>
      )}
      {closedByDeadline.includes("accept") && <Text size="sm">{MSG.submissionsClosed(p.term.name)}</Text>}

      {(can("accept") || can("decline")) && (
        <InvitationModal
          proposal={p}
          answer={open === "accept" || open === "decline" ? open : null}
          onClose={close}
        />
      )}
      {can("withdraw") && (
        <WithdrawModal
          proposal={p}
          opened={open === "withdraw"}
          onClose={close}
          reasonRequired={findTransition("withdraw", p.status, parties)?.needs?.reason === "required"}
        />
      )}
      {can("leave") && <LeaveModal proposal={p} opened={open === "leave"} onClose={close} />}
      {can("resubmit") && (
        <VersionModal proposal={p} opened={open === "resubmit"} onClose={close} zone={zone} />
      )}
      {isSupervisor && ReviewModal && <ReviewModal proposal={open === "review" ? p : null} onClose={close} />}
      {isCommittee && (can("approve") || can("deny")) && (
        <DecisionModal
          proposal={p}
          decision={open === "committeeApprove" ? "Approved" : open === "committeeDeny" ? "Denied" : null}
          onClose={close}
        />
      )}
      {can("reopen") && <ReopenModal proposal={p} opened={open === "reopen"} onClose={close} />}
      {can("reassign") && <ReassignModal proposal={p} opened={open === "reassign"} onClose={close} />}
      {canPlace && <PlaceModal proposal={p} opened={open === "place"} onClose={close} />}
    </Stack>
  );
}

/** A sentence above the buttons where the viewer is asked for something: an answer, a new version. */
function Lead({
  proposal: p,
  invited,
  revising,
  zone,
}: {
  proposal: Proposal;
  invited: boolean;
  revising: boolean;
  zone: string;
}) {
  if (invited)
    return (
      <Alert color="indigo" variant="light" title="You are invited to join this group">
        {p.createdBy?.name || MSG.unknown} named you as a member. Once everyone invited has answered,{" "}
        {MSG.afterAnswers(p.term.mode)}.
      </Alert>
    );
  if (revising)
    return (
      <Alert color="yellow" variant="light" title="Changes requested">
        Your supervisor asked for changes (see their feedback below). Submit a new version
        {p.term.revisionsCloseAt ? ` before ${formatInZone(p.term.revisionsCloseAt, zone)}` : ""}.
      </Alert>
    );
  return null;
}
