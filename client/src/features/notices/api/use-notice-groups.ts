import { proposalQueries } from "@client/lib/queries/proposals";
import { LIMITS } from "@shared/limits";
import { useQuery } from "@tanstack/react-query";

/** The groups a supervisor may write to: the proposals addressed to them (newest first, the first 100). */
export function useNoticeGroups() {
  return useQuery(proposalQueries.list({ page: 1, pageSize: LIMITS.pageSizeMax }));
}
