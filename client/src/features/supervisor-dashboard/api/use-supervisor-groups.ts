import { proposalQueries } from "@client/lib/queries/proposals";
import type { ProposalType } from "@shared/enums";
import { LIMITS } from "@shared/limits";
import { useInfiniteQuery } from "@tanstack/react-query";

/** A page of the modal lists, with "Load more" for the next: a list sends what it shows. */
export const GROUPS_PAGE_SIZE = LIMITS.pageSizeDefault;

/**
 * The supervisor's groups (their active proposals: the server filters, as it counts them for the
 * dashboard, so a list always holds what its count says), newest first, page by page; type
 * Thesis or Project, none for Total Groups; in the dashboard's term (none = the current term).
 * The modal that shows them mounts this only while open, so nothing is asked before.
 */
export function useSupervisorGroups(type: ProposalType | undefined, termId?: string) {
  return useInfiniteQuery(
    proposalQueries.pages({ type, active: true, order: "newest", termId, pageSize: GROUPS_PAGE_SIZE }),
  );
}
