import { type ProposalListParams, proposalQueries } from "@client/lib/queries/proposals";
import { keepPreviousData, useQuery } from "@tanstack/react-query";

/** The proposals the signed-in student created or belongs to (the server filters), newest first. */
export function useProposals(query: ProposalListParams) {
  return useQuery({ ...proposalQueries.list(query), placeholderData: keepPreviousData });
}
