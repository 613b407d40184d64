import { api } from "@client/lib/api";
import type { SupervisorList, SupervisorOption } from "@shared/schemas/directory";
import { queryOptions, useQuery } from "@tanstack/react-query";

const ALL = ["supervisors"] as const;

/**
 * GET /api/supervisors of one cell, with each one's places left in the current term. A submission
 * (or a refusal for want of places) changes places, so the form invalidates `all()` after one.
 */
export const cellSupervisorQueries = {
  all: () => ALL,
  ofCell: (cellId: string) =>
    queryOptions({
      queryKey: [...ALL, cellId] as const,
      queryFn: () => api.get<SupervisorList>("/supervisors", { researchCellId: cellId }),
    }),
};

/** "Dr. Ada Lovelace — 2 places left"; just the name when the supervisor has no limit. */
export function supervisorLabel(s: Pick<SupervisorOption, "name" | "placesLeft">): string {
  if (s.placesLeft == null) return s.name;
  if (s.placesLeft <= 0) return `${s.name} — no places left`;
  return `${s.name} — ${s.placesLeft} ${s.placesLeft === 1 ? "place" : "places"} left`;
}

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
        disabled: s.placesLeft !== null && s.placesLeft <= 0,
      })),
  });
}
