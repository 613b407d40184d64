import { api } from "@client/lib/api";
import type { SupervisorList } from "@shared/schemas/directory";
import { useQuery } from "@tanstack/react-query";
import { supervisorsKey } from "./keys";

/** The supervisors of one cell; nothing is asked until a cell is chosen. */
export function useCellSupervisors(cellId: string | null) {
  return useQuery({
    queryKey: supervisorsKey(cellId ?? ""),
    queryFn: () => api.get<SupervisorList>("/supervisors", { researchCellId: cellId }),
    enabled: !!cellId,
    select: (data) => data.items.map((s) => ({ value: s.id, label: s.name })),
  });
}
