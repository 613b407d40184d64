import { api } from "@client/lib/api";
import { committeeDashboardQueries } from "@client/lib/queries/committee-dashboard";
import { cellQueries } from "@client/lib/queries/research-cells";
import { userQueries } from "@client/lib/queries/users";
import type { Cell, CellInput } from "@shared/schemas/cells";
import { useMutation, useQueryClient } from "@tanstack/react-query";

/** Besides the cells, what else shows them: teachers' rows (their cells), the dashboard's count. */
const SHOWN_IN = { people: userQueries.all, dashboard: committeeDashboardQueries.all };

/** A change of research cells: the cells, and what else `alsoIn` shows of them, are asked again. */
function useCellMutation<TInput, TResult>(
  fn: (input: TInput) => Promise<TResult>,
  alsoIn: (keyof typeof SHOWN_IN)[],
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      const keys = [cellQueries.all(), ...alsoIn.map((k) => SHOWN_IN[k]())];
      await Promise.all(keys.map((queryKey) => qc.invalidateQueries({ queryKey })));
    },
  });
}

export const useAddCell = () =>
  useCellMutation((input: CellInput) => api.post<{ cell: Cell }>("/research-cells", input), ["dashboard"]);

/** Titles show on teachers' rows and on the dashboard too. */
export const useUpdateCell = (id: string) =>
  useCellMutation(
    (input: CellInput) => api.patch<{ cell: Cell }>(`/research-cells/${id}`, input),
    ["people", "dashboard"],
  );

type Membership = { teacherId: string; cellId: string };

/** Removes a teacher from a cell; the server refuses while they have Pending proposals there. */
export const useRemoveTeacher = () =>
  useCellMutation(
    ({ teacherId, cellId }: Membership) =>
      api.delete<{ ok: true; message: string }>(`/users/${teacherId}/research-cells/${cellId}`),
    ["people"],
  );
