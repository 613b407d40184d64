import { cellSupervisorQueries } from "@client/lib/queries/supervisors";
import { isFull, supervisorLabel } from "@client/lib/supervisor-label";
import { useQuery } from "@tanstack/react-query";

export { cellSupervisorQueries };

/**
 * The supervisors of one cell as Select options; a full supervisor (no places left) is shown but
 * cannot be chosen. Nothing is asked until a cell is chosen.
 */
export function useCellSupervisors(cellId: string | null) {
  return useQuery({
    ...cellSupervisorQueries.ofCell(cellId ?? ""),
    enabled: !!cellId,
    select: (data) =>
      data.items.map((s) => ({
        value: s.id,
        label: supervisorLabel(s),
        disabled: isFull(s),
      })),
  });
}
