import { api } from "@client/lib/api";
import { cellQueries } from "@client/lib/queries/research-cells";
import { userQueries } from "@client/lib/queries/users";
import { useMutation, useQueryClient } from "@tanstack/react-query";

export function useAssignCell() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ teacherId, researchCellId }: { teacherId: string; researchCellId: string }) =>
      api.post<{ ok: true; message: string }>(`/users/${teacherId}/research-cells`, { researchCellId }),
    onSuccess: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: userQueries.all() }),
        qc.invalidateQueries({ queryKey: cellQueries.all() }),
      ]);
    },
  });
}
