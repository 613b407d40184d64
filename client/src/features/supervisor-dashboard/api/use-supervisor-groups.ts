import { proposalQueries } from "@client/lib/queries/proposals";
import type { ProposalType } from "@shared/enums";
import { LIMITS } from "@shared/limits";
import { useInfiniteQuery } from "@tanstack/react-query";

/** As many as GET /api/proposals gives in one page. */
export const GROUPS_PAGE_SIZE = LIMITS.pageSizeMax;

/**
 * The supervisor's groups (the proposals addressed to them: the server filters), newest first,
 * page by page; type Thesis or Project, none for Total Groups. The modal that shows them mounts
 * this only while open, so nothing is asked before.
 */
export function useSupervisorGroups(type: ProposalType | undefined) {
  return useInfiniteQuery(proposalQueries.pages({ type, order: "newest", pageSize: GROUPS_PAGE_SIZE }));
}
