import { cellSupervisorQueries } from "@client/lib/queries/supervisors";
import { isFull, supervisorLabel } from "@client/lib/supervisor-label";
import { useQuery } from "@tanstack/react-query";

/**
 * The supervisors a proposal may be reassigned to: the others of its cell, with their places left
 * (a full one is shown but cannot be chosen). Asked for only while the Reassign form is open.
 */
export function useReassignOptions(cellId: string | null, currentId: string | null, enabled: boolean) {
  return useQuery({
    ...cellSupervisorQueries.ofCell(cellId ?? ""),
    enabled: enabled && !!cellId,
    select: (data) =>
      data.items
        .filter((s) => s.id !== currentId)
        .map((s) => ({ value: s.id, label: supervisorLabel(s), disabled: isFull(s), name: s.name })),
  });
}
