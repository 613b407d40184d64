import { formatInZone, useTimeZone } from "@client/lib/dates";
import { isOverdue } from "@client/lib/proposal-format";
import { Badge, type BadgeProps, VisuallyHidden } from "@mantine/core";
import type { ProposalFields } from "@shared/schemas/proposals";

type Due = Pick<ProposalFields, "status" | "reviewDueAt">;

/**
 * "Overdue" on a proposal still Pending past its review's due date (DESIGN.md §8), for its
 * supervisor and the committee (never the group). Nothing otherwise. Compared with the clock at
 * render; the due date, in the department's time zone, is in the badge's name and its tooltip.
 */
export function OverdueBadge({ proposal, ...props }: { proposal: Due } & BadgeProps) {
  if (!isOverdue(proposal, Date.now()) || !proposal.reviewDueAt) return null;
  return <DueBadge due={proposal.reviewDueAt} what="review was due" {...props} />;
}

/** "Overdue", saying in its name and tooltip what was due when ("review was due 12 January 2027, 09:00 (UTC)"). */
export function DueBadge({ due, what, ...props }: { due: string; what: string } & BadgeProps) {
  const zone = useTimeZone();
  const when = `${what} ${formatInZone(due, zone)}`;
  return (
    <Badge
      color="red"
      variant="filled"
      miw="max-content"
      title={`Overdue: ${when}`}
      data-overdue
      style={{ flexShrink: 0 }}
      {...props}
    >
      Overdue
      <VisuallyHidden>: {when}</VisuallyHidden>
    </Badge>
  );
}
