import { api } from "@client/lib/api";
import type { Cell, CellInput } from "@shared/schemas/cells";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { cellKeys, committeeDashboardKey } from "./keys";

export function useAddCell() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CellInput) => api.post<{ cell: Cell }>("/research-cells", input),
    onSuccess: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: cellKeys.all }),
        qc.invalidateQueries({ queryKey: committeeDashboardKey }),
      ]);
    },
  });
}
