import { api } from "@client/lib/api";
import type { Cell, CellInput } from "@shared/schemas/cells";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { cellKeys, committeeDashboardKey, usersKey } from "./keys";

export function useUpdateCell() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: CellInput & { id: string }) =>
      api.patch<{ cell: Cell }>(`/research-cells/${id}`, input),
    onSuccess: async () => {
      // Titles show on teachers' rows and on the dashboard too.
      await Promise.all([
        qc.invalidateQueries({ queryKey: cellKeys.all }),
        qc.invalidateQueries({ queryKey: usersKey }),
        qc.invalidateQueries({ queryKey: committeeDashboardKey }),
      ]);
    },
  });
}
