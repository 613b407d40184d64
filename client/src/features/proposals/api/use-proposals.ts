import { api } from "@client/lib/api";
import type { ProposalList } from "@shared/schemas/proposals";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type ProposalListParams, proposalKeys } from "./keys";

/** The proposals the signed-in student created or belongs to (the server filters), newest first. */
export function useProposals(query: ProposalListParams) {
  return useQuery({
    queryKey: proposalKeys.list(query),
    queryFn: () => api.get<ProposalList>("/proposals", { ...query }),
    placeholderData: keepPreviousData,
  });
}
