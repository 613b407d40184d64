import { Badge, type BadgeProps } from "@mantine/core";
import type { ProposalStatus } from "@shared/enums";

/**
 * Status colours (DESIGN.md §9): the specification's green Approved, red Denied and yellow
 * Pending; grey Withdrawn; yellow for every other status on the way to a decision.
 */
export const STATUS_COLOR: Record<ProposalStatus, "green" | "red" | "yellow" | "gray"> = {
  Approved: "green",
  Denied: "red",
  Withdrawn: "gray",
  Pending: "yellow",
  "Awaiting members": "yellow",
  "Awaiting allocation": "yellow",
  "Changes requested": "yellow",
  "Awaiting committee": "yellow",
};

export function StatusBadge({ status, ...props }: { status: ProposalStatus } & BadgeProps) {
  return (
    <Badge color={STATUS_COLOR[status]} variant="filled" autoContrast data-status={status} {...props}>
      {status}
    </Badge>
  );
}
