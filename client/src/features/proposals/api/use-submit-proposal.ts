import { api } from "@client/lib/api";
import { proposalQueries } from "@client/lib/queries/proposals";
import type { CreateProposalInput, Proposal } from "@shared/schemas/proposals";
import { useMutation, useQueryClient } from "@tanstack/react-query";

/**
 * POST /api/proposals. The refresh that follows is not awaited: were it awaited, the student's
 * lists would already show the new proposal when the form's own success callback is due, and the
 * page, now showing that proposal, would have unmounted the form (its callback never runs).
 */
export function useSubmitProposal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateProposalInput) => api.post<{ proposal: Proposal }>("/proposals", input),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: proposalQueries.all() });
    },
  });
}
