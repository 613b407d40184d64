import { api } from "@client/lib/api";
import { proposalQueries } from "@client/lib/queries/proposals";
import { termQueries } from "@client/lib/queries/terms";
import type { Proposal } from "@shared/schemas/proposals";
import { useMutation, useQueryClient } from "@tanstack/react-query";

export interface InvitationAnswer {
  proposalId: string;
  accept: boolean;
}

/**
 * Accepts or declines one invitation (POST /api/proposals/:id/invitation). Whatever the answer,
 * or the refusal (another answer may have closed it), the invitations and the student's proposals
 * are read again: accepting takes a place and declines the other open invitations of the term.
 */
export function useAnswerInvitation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ proposalId, accept }: InvitationAnswer) =>
      api.post<{ proposal: Proposal | null }>(`/proposals/${proposalId}/invitation`, { accept }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: proposalQueries.all() });
      void qc.invalidateQueries({ queryKey: termQueries.all() });
    },
  });
}
