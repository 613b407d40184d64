import { MSG } from "@shared/messages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, errorMessage } from "./api";
import { notify } from "./notify";
import { cellQueries } from "./queries/research-cells";
import { userQueries } from "./queries/users";

/** The specification's own words stand alone; anything else is "Failed to assign cell: …". */
function assignFailure(error: unknown): string {
  const message = errorMessage(error);
  const own: string[] = [MSG.alreadyAssigned, MSG.teacherNotFound, MSG.selectCell];
  return own.includes(message) ? message : MSG.assignCellFailed(message);
}

/**
 * Assigns a teacher to a research cell (POST /api/users/:id/research-cells), from a teacher's row
 * or from a cell: the cells and the people lists (teachers' cells) are asked again, then the
 * outcome is said ("Cell assigned", or the refusal) and `onAssigned` runs.
 */
export function useAssignCell(onAssigned?: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ teacherId, cellId }: { teacherId: string; cellId: string }) =>
      api.post<{ ok: true; message: string }>(`/users/${teacherId}/research-cells`, {
        researchCellId: cellId,
      }),
    onSuccess: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: userQueries.all() }),
        qc.invalidateQueries({ queryKey: cellQueries.all() }),
      ]);
      notify.success(MSG.cellAssigned);
      onAssigned?.();
    },
    onError: (e) => notify.error(assignFailure(e)),
  });
}
