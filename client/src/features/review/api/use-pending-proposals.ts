import { api } from "@client/lib/api";
import type { ProposalStatus } from "@shared/enums";
import type { ProposalList } from "@shared/schemas/proposals";
import { keepPreviousData, useQuery } from "@tanstack/react-query";

export const PENDING_PAGE_SIZE = 10;

/** The query of GET /api/proposals as this feature sends it. */
export interface ProposalListParams {
  status?: ProposalStatus;
  order?: "newest" | "oldest";
  page: number;
  pageSize: number;
}

/** Every proposal list lives under ["proposals"], so one invalidation refreshes them all. */
export const proposalListKey = (query: ProposalListParams) => ["proposals", "list", query] as const;

/** The supervisor's queue: Pending proposals addressed to them, oldest first. */
export function usePendingProposals(page: number) {
  const query: ProposalListParams = { status: "Pending", order: "oldest", page, pageSize: PENDING_PAGE_SIZE };
  return useQuery({
    queryKey: proposalListKey(query),
    queryFn: () => api.get<ProposalList>("/proposals", { ...query }),
    placeholderData: keepPreviousData,
  });
}
