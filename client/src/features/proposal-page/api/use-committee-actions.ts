import { api } from "@client/lib/api";
import type { DecisionInput } from "@shared/schemas/life";
import type { Proposal } from "@shared/schemas/proposals";
import { useLifeMutation } from "./use-life-mutation";

/** POST /api/proposals/:id/decision: the committee's sign-off of a proposal Awaiting committee. */
export const useDecision = (id: string) =>
  useLifeMutation((input: DecisionInput) =>
    api.post<{ proposal: Proposal }>(`/proposals/${id}/decision`, input),
  );

/** POST /api/proposals/:id/reopen: an Approved or Denied proposal is Pending again (reason required). */
export const useReopen = (id: string) =>
  useLifeMutation((input: { reason: string }) =>
    api.post<{ proposal: Proposal }>(`/proposals/${id}/reopen`, input),
  );

/** POST /api/proposals/:id/reassign: another supervisor of the same cell. */
export const useReassign = (id: string) =>
  useLifeMutation((input: { supervisorId: string }) =>
    api.post<{ proposal: Proposal }>(`/proposals/${id}/reassign`, input),
  );
