import { api } from "@client/lib/api";
import { type LifeMutationOptions, useLifeMutation } from "@client/lib/life-mutation";
import { proposalQueries } from "@client/lib/queries/proposals";
import { MSG } from "@shared/messages";
import type { Proposal, ProposalList, ReviewInput } from "@shared/schemas/proposals";
import { useQueryClient } from "@tanstack/react-query";

type Answer = { proposal: Proposal };

/**
 * POST /api/proposals/:id/review: approve, deny or request changes, a step of the proposal's life
 * like the others (refetches, a refusal said as "Failed to update proposal status: …" unless it
 * names the feedback). The reviewed proposal also leaves the Pending lists at once.
 */
export function useReviewProposal(id: string, { onSuccess }: LifeMutationOptions<ReviewInput, Answer> = {}) {
  const qc = useQueryClient();
  return useLifeMutation((input: ReviewInput) => api.post<Answer>(`/proposals/${id}/review`, input), {
    fields: ["feedback"],
    failed: MSG.updateStatusFailed,
    onSuccess: (answer, input) => {
      qc.setQueriesData<ProposalList>(
        proposalQueries.listsWhere((query) => query.status === "Pending"),
        (old) =>
          old?.items.some((p) => p.id === answer.proposal.id)
            ? {
                ...old,
                items: old.items.filter((p) => p.id !== answer.proposal.id),
                total: Math.max(0, old.total - 1),
              }
            : old,
      );
      onSuccess?.(answer, input);
    },
  });
}
