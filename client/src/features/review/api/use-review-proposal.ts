import { api } from "@client/lib/api";
import { proposalQueries } from "@client/lib/queries/proposals";
import { supervisorDashboardQueries } from "@client/lib/queries/supervisor-dashboard";
import type { Proposal, ProposalList, ReviewInput } from "@shared/schemas/proposals";
import { useMutation, useQueryClient } from "@tanstack/react-query";

/**
 * Approve or deny. The reviewed proposal leaves the Pending lists at once; then every proposal
 * list and the dashboard counts are refetched (also after a failure: a 409 means the list is stale).
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
      void qc.invalidateQueries({ queryKey: proposalQueries.all() });
      void qc.invalidateQueries({ queryKey: supervisorDashboardQueries.all() });
    },
  });
}
