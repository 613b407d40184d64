import { api } from "@client/lib/api";
import { proposalQueries } from "@client/lib/queries/proposals";
import type { CreateProposalInput, Proposal } from "@shared/schemas/proposals";
import { useMutation, useQueryClient } from "@tanstack/react-query";

export function useSubmitProposal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateProposalInput) => api.post<{ proposal: Proposal }>("/proposals", input),
    onSuccess: () => qc.invalidateQueries({ queryKey: proposalQueries.all() }),
  });
}
