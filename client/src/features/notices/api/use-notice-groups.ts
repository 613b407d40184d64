import { api } from "@client/lib/api";
import { LIMITS } from "@shared/limits";
import type { ProposalList } from "@shared/schemas/proposals";
import { useQuery } from "@tanstack/react-query";

/** The groups a supervisor may write to: the proposals addressed to them (newest first, the first 100). */
export function useNoticeGroups() {
  return useQuery({
    queryKey: ["proposals", "list", { purpose: "notice-groups", pageSize: LIMITS.pageSizeMax }],
    queryFn: () => api.get<ProposalList>("/proposals", { page: 1, pageSize: LIMITS.pageSizeMax }),
  });
}
