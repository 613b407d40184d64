import { api } from "@client/lib/api";
import { committeeDashboardQueries } from "@client/lib/queries/committee-dashboard";
import { cellQueries } from "@client/lib/queries/research-cells";
import { userQueries } from "@client/lib/queries/users";
import type { Cell, CellInput } from "@shared/schemas/cells";
import { useMutation, useQueryClient } from "@tanstack/react-query";

export function useUpdateCell() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: CellInput & { id: string }) =>
      api.patch<{ cell: Cell }>(`/research-cells/${id}`, input),
    onSuccess: async () => {
      // Titles show on teachers' rows and on the dashboard too.
      await Promise.all([
        qc.invalidateQueries({ queryKey: cellQueries.all() }),
        qc.invalidateQueries({ queryKey: userQueries.all() }),
        qc.invalidateQueries({ queryKey: committeeDashboardQueries.all() }),
      ]);
    },
  });
}
