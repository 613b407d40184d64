import { proposalQueries } from "@client/lib/queries/proposals";
import { keepPreviousData, useQuery } from "@tanstack/react-query";

export const PENDING_PAGE_SIZE = 10;

/** The supervisor's queue: Pending proposals addressed to them in a term (none = current), oldest first. */
export function usePendingProposals(page: number, termId?: string) {
  return useQuery({
    ...proposalQueries.list({
      status: "Pending",
      order: "oldest",
      termId,
      page,
      pageSize: PENDING_PAGE_SIZE,
    }),
    placeholderData: keepPreviousData,
  });
}
