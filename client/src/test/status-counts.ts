import { PROPOSAL_STATUSES, type ProposalStatus } from "@shared/enums";

/** A count for every status, zero unless given: the shape of the committee dashboard's counts. */
export const counts = (given: Partial<Record<ProposalStatus, number>> = {}): Record<ProposalStatus, number> =>
  Object.fromEntries(PROPOSAL_STATUSES.map((s) => [s, given[s] ?? 0])) as Record<ProposalStatus, number>;
