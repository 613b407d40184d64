import { proposalChangedKeys } from "@client/lib/queries/proposal-changed";
import { useMutation, useQueryClient } from "@tanstack/react-query";

/**
 * A step of the proposal's life (DESIGN.md §9) sent to the server. Whatever the answer, the
 * proposal, its lists, versions and timeline, the dashboards, places and the activity log are
 * refetched: after a success they changed, after a 409 or a 404 what is on screen is stale.
 */
export function useLifeMutation<TVars, TResult>(send: (vars: TVars) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => Promise.all(proposalChangedKeys().map((queryKey) => qc.invalidateQueries({ queryKey }))),
  });
}
