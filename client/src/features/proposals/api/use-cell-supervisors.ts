import { api } from "@client/lib/api";
import type { SupervisorList } from "@shared/schemas/directory";
import { queryOptions, useQuery } from "@tanstack/react-query";

/** GET /api/supervisors of one cell. */
export const cellSupervisorQueries = {
  ofCell: (cellId: string) =>
    queryOptions({
      queryKey: ["supervisors", cellId] as const,
      queryFn: () => api.get<SupervisorList>("/supervisors", { researchCellId: cellId }),
    }),
};

/** The supervisors of one cell; nothing is asked until a cell is chosen. */
export function useCellSupervisors(cellId: string | null) {
  return useQuery({
    ...cellSupervisorQueries.ofCell(cellId ?? ""),
    enabled: !!cellId,
    select: (data) => data.items.map((s) => ({ value: s.id, label: s.name })),
  });
}
