import { committeeDashboardQueries } from "@client/lib/queries/committee-dashboard";
import { userQueries } from "@client/lib/queries/users";
import { useMutation, useQueryClient } from "@tanstack/react-query";

/** What a change of people makes stale: every people list and the dashboard's counts. */
export function useRefreshPeople() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: userQueries.all() }),
      qc.invalidateQueries({ queryKey: committeeDashboardQueries.all() }),
    ]);
}

/** A committee change of people (add, edit, deactivate, reactivate): the lists show it at once. */
export function usePeopleMutation<TInput, TResult>(fn: (input: TInput) => Promise<TResult>) {
  const refresh = useRefreshPeople();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await refresh();
    },
  });
}
