import { api } from "@client/lib/api";
import { committeeDashboardQueries } from "@client/lib/queries/committee-dashboard";
import { cellQueries } from "@client/lib/queries/research-cells";
import type { Cell, CellInput } from "@shared/schemas/cells";
import { useMutation, useQueryClient } from "@tanstack/react-query";

export function useAddCell() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CellInput) => api.post<{ cell: Cell }>("/research-cells", input),
    onSuccess: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: cellQueries.all() }),
        qc.invalidateQueries({ queryKey: committeeDashboardQueries.all() }),
      ]);
    },
  });
}
