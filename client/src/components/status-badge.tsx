import { Badge, type BadgeProps } from "@mantine/core";
import type { ProposalStatus } from "@shared/enums";

/** The specification's colours: green Approved, red Denied, yellow Pending. */
export const STATUS_COLOR: Record<ProposalStatus, "green" | "red" | "yellow"> = {
  Approved: "green",
  Denied: "red",
  Pending: "yellow",
};

export function StatusBadge({ status, ...props }: { status: ProposalStatus } & BadgeProps) {
  return (
    <Badge color={STATUS_COLOR[status]} variant="filled" autoContrast data-status={status} {...props}>
      {status}
    </Badge>
  );
}
