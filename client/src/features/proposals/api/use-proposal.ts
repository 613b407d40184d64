import { api } from "@client/lib/api";
import type { Proposal } from "@shared/schemas/proposals";
import { useQuery } from "@tanstack/react-query";
import { proposalKeys } from "./keys";

export function useProposal(id: string) {
  return useQuery({
    queryKey: proposalKeys.detail(id),
    queryFn: async () => (await api.get<{ proposal: Proposal }>(`/proposals/${id}`)).proposal,
  });
}
