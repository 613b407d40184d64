import { api } from "@client/lib/api";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { cellKeys, usersKey } from "./keys";

function useInvalidateMembership() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: cellKeys.all }),
      qc.invalidateQueries({ queryKey: usersKey }),
    ]);
}

/** Assigns a teacher to a cell (POST /api/users/:id/research-cells). */
export function useAssignTeacher() {
  const invalidate = useInvalidateMembership();
  return useMutation({
    mutationFn: ({ teacherId, cellId }: { teacherId: string; cellId: string }) =>
      api.post<{ ok: true; message: string }>(`/users/${teacherId}/research-cells`, {
        researchCellId: cellId,
      }),
    onSuccess: invalidate,
  });
}

/** Removes a teacher from a cell; the server refuses while they have Pending proposals there. */
export function useRemoveTeacher() {
  const invalidate = useInvalidateMembership();
  return useMutation({
    mutationFn: ({ teacherId, cellId }: { teacherId: string; cellId: string }) =>
      api.delete<{ ok: true; message: string }>(`/users/${teacherId}/research-cells/${cellId}`),
    onSuccess: invalidate,
  });
}
