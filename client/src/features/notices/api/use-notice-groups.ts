import { proposalQueries } from "@client/lib/queries/proposals";
import { LIMITS } from "@shared/limits";
import { useQuery } from "@tanstack/react-query";

/**
 * The groups a supervisor may write to: the proposals addressed to them (newest first, the first
 * 100), of every term (a group's notices go on after its term stops being current).
 */
export function useNoticeGroups() {
  return useQuery(proposalQueries.list({ page: 1, pageSize: LIMITS.pageSizeMax, termId: "all" }));
}
