import { api } from "@client/lib/api";
import { cellQueries } from "@client/lib/queries/research-cells";
import { userQueries } from "@client/lib/queries/users";
import { useMutation, useQueryClient } from "@tanstack/react-query";

function useInvalidateMembership() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: cellQueries.all() }),
      qc.invalidateQueries({ queryKey: userQueries.all() }),
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
