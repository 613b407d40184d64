import { api } from "@client/lib/api";
import type { Proposal } from "@shared/schemas/proposals";
import { useLifeMutation } from "./use-life-mutation";

/** POST /api/proposals/:id/invitation: accept (takes the student's one place in the term) or decline. */
export const useAnswerInvitation = (id: string) =>
  useLifeMutation((accept: boolean) =>
    api.post<{ proposal: Proposal | null }>(`/proposals/${id}/invitation`, { accept }),
  );
