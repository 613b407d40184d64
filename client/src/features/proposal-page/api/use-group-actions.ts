import { api } from "@client/lib/api";
import type { Proposal } from "@shared/schemas/proposals";
import { useLifeMutation } from "./use-life-mutation";

/** POST /api/proposals/:id/withdraw (the creator; reason optional). */
export const useWithdraw = (id: string) =>
  useLifeMutation((input: { reason: string }) =>
    api.post<{ proposal: Proposal }>(`/proposals/${id}/withdraw`, input),
  );

/** POST /api/proposals/:id/leave (an accepted member, not the creator). */
export const useLeave = (id: string) =>
  useLifeMutation(() => api.post<{ ok: true }>(`/proposals/${id}/leave`));
