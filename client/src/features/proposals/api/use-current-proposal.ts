import { ACTIVE_STATUSES } from "@shared/enums";
import { useProposals } from "./use-proposals";

export const RECENT_QUERY = { page: 1, pageSize: 10 } as const;

/**
 * The student's active (Pending or Approved) proposal, or null. A student in an active proposal
 * can be in no newer one, so it is always among their most recent proposals.
 */
export function useCurrentProposal() {
  const query = useProposals(RECENT_QUERY);
  const current = query.data?.items.find((p) => ACTIVE_STATUSES.includes(p.status)) ?? null;
  return { ...query, current };
}
