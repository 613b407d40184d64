import { proposalQueries } from "@client/lib/queries/proposals";
import { useQuery } from "@tanstack/react-query";

/** The groups (proposals) whose threads the caller may open: the server returns only those. */
export const useChatGroups = () => useQuery(proposalQueries.groups());
