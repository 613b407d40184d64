import { proposalQueries } from "@client/lib/queries/proposals";
import type { ProposalStatus } from "@shared/enums";
import { keepPreviousData, useQuery } from "@tanstack/react-query";

export const HISTORY_PAGE_SIZE = 10;

/**
 * The supervisor's proposals with one status in a term (none = current), newest first (the
 * server returns only theirs).
 */
export function useReviewHistory(status: ProposalStatus, page: number, termId?: string) {
  return useQuery({
    ...proposalQueries.list({ status, termId, page, pageSize: HISTORY_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
}
