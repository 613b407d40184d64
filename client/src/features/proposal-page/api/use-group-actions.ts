import { api } from "@client/lib/api";
import { type LifeMutationOptions, useLifeMutation } from "@client/lib/life-mutation";
import type { Proposal } from "@shared/schemas/proposals";

type Answer = { proposal: Proposal };

/** POST /api/proposals/:id/withdraw (the creator; reason optional). */
export const useWithdraw = (id: string, options?: LifeMutationOptions<{ reason: string }, Answer>) =>
  useLifeMutation(
    (input: { reason: string }) => api.post<Answer>(`/proposals/${id}/withdraw`, input),
    options,
  );

/** POST /api/proposals/:id/leave (an accepted member, not the creator). */
export const useLeave = (id: string, options?: LifeMutationOptions<void, { ok: true }>) =>
  useLifeMutation(() => api.post<{ ok: true }>(`/proposals/${id}/leave`), options);
