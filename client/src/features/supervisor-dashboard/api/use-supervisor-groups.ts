import { api } from "@client/lib/api";
import type { ProposalType } from "@shared/enums";
import { LIMITS } from "@shared/limits";
import type { ProposalList } from "@shared/schemas/proposals";
import { useInfiniteQuery } from "@tanstack/react-query";

/** As many as GET /api/proposals gives in one page. */
export const GROUPS_PAGE_SIZE = LIMITS.pageSizeMax;

/** The query of GET /api/proposals behind one dashboard modal (without the page number). */
export interface GroupListParams {
  /** Thesis or Project; none for Total Groups. */
  type?: ProposalType;
  order: "newest";
  pageSize: number;
}

/**
 * Under ["proposals", "list"], so submissions, reviews and live events (which invalidate
 * ["proposals"]) refresh it too. "pages" keeps these infinite lists apart from the
 * single-page lists (["proposals", "list", {…page}]), whose cached data has another shape.
 */
export const supervisorGroupsKey = (query: GroupListParams) => ["proposals", "list", "pages", query] as const;

/**
 * The supervisor's groups (the proposals addressed to them: the server filters), newest first,
 * page by page. The modal that shows them mounts this only while open, so nothing is asked before.
 */
export function useSupervisorGroups(type: ProposalType | undefined) {
  const query: GroupListParams = { type, order: "newest", pageSize: GROUPS_PAGE_SIZE };
  return useInfiniteQuery({
    queryKey: supervisorGroupsKey(query),
    queryFn: ({ pageParam }) => api.get<ProposalList>("/proposals", { ...query, page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last, _all, lastPage) =>
      last.items.length > 0 && lastPage * GROUPS_PAGE_SIZE < last.total ? lastPage + 1 : undefined,
  });
}
