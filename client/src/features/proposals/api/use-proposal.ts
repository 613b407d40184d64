import { proposalQueries } from "@client/lib/queries/proposals";
import { useQuery } from "@tanstack/react-query";

export function useProposal(id: string) {
  return useQuery(proposalQueries.detail(id));
}
