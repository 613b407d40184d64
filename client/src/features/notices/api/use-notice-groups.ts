import { proposalQueries } from "@client/lib/queries/proposals";
import { useQuery } from "@tanstack/react-query";

/** The groups a supervisor may write to: the proposals addressed to them (the same list as Chat's). */
export const useNoticeGroups = () => useQuery(proposalQueries.groups());
