import { api } from "@client/lib/api";
import { type LifeMutationOptions, useLifeMutation } from "@client/lib/life-mutation";
import type { DecisionInput } from "@shared/schemas/life";
import type { Proposal } from "@shared/schemas/proposals";

type Answer = { proposal: Proposal };

/** POST /api/proposals/:id/decision: the committee's sign-off of a proposal Awaiting committee. */
export const useDecision = (id: string, options?: LifeMutationOptions<DecisionInput, Answer>) =>
  useLifeMutation((input: DecisionInput) => api.post<Answer>(`/proposals/${id}/decision`, input), options);

/** POST /api/proposals/:id/reopen: an Approved or Denied proposal is Pending again (reason required). */
export const useReopen = (id: string, options?: LifeMutationOptions<{ reason: string }, Answer>) =>
  useLifeMutation((input: { reason: string }) => api.post<Answer>(`/proposals/${id}/reopen`, input), options);

/** POST /api/proposals/:id/reassign: another supervisor of the same cell. */
export const useReassign = (id: string, options?: LifeMutationOptions<{ supervisorId: string }, Answer>) =>
  useLifeMutation(
    (input: { supervisorId: string }) => api.post<Answer>(`/proposals/${id}/reassign`, input),
    options,
  );
