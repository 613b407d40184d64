import { api } from "@client/lib/api";
import type { VersionInput } from "@shared/schemas/life";
import type { Proposal } from "@shared/schemas/proposals";
import { useLifeMutation } from "./use-life-mutation";

/** POST /api/proposals/:id/versions: a member answers Changes requested with a new version. */
export const useSubmitVersion = (id: string) =>
  useLifeMutation((input: VersionInput) =>
    api.post<{ proposal: Proposal }>(`/proposals/${id}/versions`, input),
  );
