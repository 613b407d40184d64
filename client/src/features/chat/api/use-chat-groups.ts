import { api } from "@client/lib/api";
import type { ProposalList } from "@shared/schemas/proposals";
import { useQuery } from "@tanstack/react-query";

/** The groups (proposals) whose threads the caller may open: the server returns only those. */
export function useChatGroups() {
  return useQuery({
    queryKey: ["proposals", "chat-groups"],
    queryFn: () => api.get<ProposalList>("/proposals", { pageSize: 100 }),
  });
}
