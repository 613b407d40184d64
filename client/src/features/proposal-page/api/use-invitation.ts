import { api } from "@client/lib/api";
import type { Proposal } from "@shared/schemas/proposals";
import { type LifeMutationOptions, useLifeMutation } from "./use-life-mutation";

type Answer = { proposal: Proposal | null };

/** POST /api/proposals/:id/invitation: accept (takes the student's one place in the term) or decline. */
export const useAnswerInvitation = (id: string, options?: LifeMutationOptions<boolean, Answer>) =>
  useLifeMutation((accept: boolean) => api.post<Answer>(`/proposals/${id}/invitation`, { accept }), options);
