import { api } from "@client/lib/api";
import { type LifeMutationOptions, useLifeMutation } from "@client/lib/life-mutation";
import type { Proposal } from "@shared/schemas/proposals";

type Answer = { proposal: Proposal | null };

/** POST /api/proposals/:id/invitation: accept (takes the student's one place in the term) or decline. */
export const useAnswerInvitation = (id: string, options?: LifeMutationOptions<boolean, Answer>) =>
  useLifeMutation((accept: boolean) => api.post<Answer>(`/proposals/${id}/invitation`, { accept }), options);
