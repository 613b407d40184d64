import { api } from "@client/lib/api";
import type { ProposalStatus } from "@shared/enums";
import type { ProposalList } from "@shared/schemas/proposals";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type ProposalListParams, proposalListKey } from "./use-pending-proposals";

export const HISTORY_PAGE_SIZE = 10;

/** The supervisor's proposals with one status, newest first (the server returns only theirs). */
export function useReviewHistory(status: ProposalStatus, page: number) {
  const query: ProposalListParams = { status, page, pageSize: HISTORY_PAGE_SIZE };
  return useQuery({
    queryKey: proposalListKey(query),
    queryFn: () => api.get<ProposalList>("/proposals", { ...query }),
    placeholderData: keepPreviousData,
  });
}
