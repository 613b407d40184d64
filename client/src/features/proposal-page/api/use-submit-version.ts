import { api } from "@client/lib/api";
import { type LifeMutationOptions, useLifeMutation } from "@client/lib/life-mutation";
import type { VersionInput } from "@shared/schemas/life";
import type { Proposal } from "@shared/schemas/proposals";

type Answer = { proposal: Proposal };

/** POST /api/proposals/:id/versions: a member answers Changes requested with a new version. */
export const useSubmitVersion = (id: string, options?: LifeMutationOptions<VersionInput, Answer>) =>
  useLifeMutation((input: VersionInput) => api.post<Answer>(`/proposals/${id}/versions`, input), options);
