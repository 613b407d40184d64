import { proposalQueries } from "@client/lib/queries/proposals";
import { ACTIVE_STATUSES } from "@shared/enums";
import { useQuery } from "@tanstack/react-query";

/** The student's active (Pending or Approved) proposal, or null. */
export function useCurrentProposal() {
  const query = useQuery(proposalQueries.recent());
  const current = query.data?.items.find((p) => ACTIVE_STATUSES.includes(p.status)) ?? null;
  return { ...query, current };
}
