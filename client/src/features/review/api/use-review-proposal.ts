import { api } from "@client/lib/api";
import { proposalChangedKeys } from "@client/lib/queries/proposal-changed";
import { proposalQueries } from "@client/lib/queries/proposals";
import type { Proposal, ProposalList, ReviewInput } from "@shared/schemas/proposals";
import { useMutation, useQueryClient } from "@tanstack/react-query";

/**
 * Approve, deny or request changes. The reviewed proposal leaves the Pending lists at once; then
 * everything a proposal's change shows in (lists, its page, dashboards, places) is refetched, also
 * after a failure: a 409 means what is on screen is stale.
 */
export function useReviewProposal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ReviewInput }) =>
      api.post<{ proposal: Proposal }>(`/proposals/${id}/review`, input),
    onSuccess: ({ proposal }) => {
      const pendingLists = proposalQueries.listsWhere((query) => query.status === "Pending");
      qc.setQueriesData<ProposalList>(pendingLists, (old) => {
        if (!old?.items.some((p) => p.id === proposal.id)) return old;
        return {
          ...old,
          items: old.items.filter((p) => p.id !== proposal.id),
          total: Math.max(0, old.total - 1),
        };
      });
    },
    onSettled: () => {
      for (const queryKey of proposalChangedKeys()) void qc.invalidateQueries({ queryKey });
    },
  });
}
