import { proposalQueries } from "@client/lib/queries/proposals";
import { cellQueries } from "@client/lib/queries/research-cells";
import { ACTIVE_STATUSES } from "@shared/enums";
import { useQuery } from "@tanstack/react-query";

/** Every cell with its supervisors. */
export function useCellsWithSupervisors() {
  return useQuery(cellQueries.withSupervisors());
}

/** The cell of the student's active proposal, or null. */
export function useMyCellId() {
  return useQuery({
    ...proposalQueries.recent(),
    select: (data) => data.items.find((p) => ACTIVE_STATUSES.includes(p.status))?.researchCell?.id ?? null,
  });
}
