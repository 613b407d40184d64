import { proposalQueries } from "@client/lib/queries/proposals";
import { useQuery } from "@tanstack/react-query";

/**
 * The groups (proposals) whose threads the caller may open: the server returns only those. Of
 * every term: a group goes on talking to its supervisor after its term stops being current.
 */
export function useChatGroups() {
  return useQuery(proposalQueries.list({ pageSize: 100, termId: "all" }));
}
