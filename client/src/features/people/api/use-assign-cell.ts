import { api } from "@client/lib/api";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { cellsKey, peopleKeys } from "./keys";

export function useAssignCell() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ teacherId, researchCellId }: { teacherId: string; researchCellId: string }) =>
      api.post<{ ok: true; message: string }>(`/users/${teacherId}/research-cells`, { researchCellId }),
    onSuccess: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: peopleKeys.all }),
        qc.invalidateQueries({ queryKey: cellsKey }),
      ]);
    },
  });
}
