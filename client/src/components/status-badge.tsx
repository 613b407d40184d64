import { Badge, type BadgeProps } from "@mantine/core";
import type { ProposalStatus } from "@shared/enums";

/**
 * Status colours (DESIGN.md §9), one a family: the specification's green Approved, red Denied and
 * yellow Pending; grey Withdrawn; yellow for every other status on the way to a decision. Badges,
 * the dashboard's figures and its chart all take their colour from here.
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

/**
 * Each status's shade of its family's colour, where statuses stand side by side (the stacked bars
 * of a chart): the yellow family from light to dark in the order of a proposal's life, so that
 * neighbouring bars can be told apart (the legend and the tooltip name each one too).
 */
const SHADE: Record<ProposalStatus, number> = {
  "Awaiting members": 3,
  "Awaiting allocation": 4,
  Pending: 5,
  "Changes requested": 7,
  "Awaiting committee": 9,
  Approved: 6,
  Denied: 7,
  Withdrawn: 5,
};
export const statusShade = (status: ProposalStatus) => `${STATUS_COLOR[status]}.${SHADE[status]}`;

/**
 * A proposal's status, in its family's colour, never cut short: it keeps the width of its whole
 * name ("Awaiting allocation", not "AWAITING ALLOC…") wherever it stands.
 */
export function StatusBadge({ status, style, ...props }: { status: ProposalStatus } & BadgeProps) {
  return (
    <Badge
      color={STATUS_COLOR[status]}
      variant="filled"
      autoContrast
      data-status={status}
      miw="max-content"
      style={{ flexShrink: 0, ...(typeof style === "object" ? style : {}) }}
      {...props}
    >
      {status}
    </Badge>
  );
}
