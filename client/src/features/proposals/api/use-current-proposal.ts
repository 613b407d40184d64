import { useUser } from "@client/lib/auth";
import { proposalQueries } from "@client/lib/queries/proposals";
import { ACTIVE_STATUSES, type ProposalStatus } from "@shared/enums";
import type { ProposalSummary } from "@shared/schemas/proposals";
import { useQuery } from "@tanstack/react-query";

/**
 * Whether the student is in the proposal's group: its creator or an accepted member. A proposal
 * they are only invited to is an invitation (the dashboard's Invitations card), not theirs yet.
 */
export const isMemberOf = (p: ProposalSummary, userId: string) =>
  p.members.some((m) => m.id === userId && m.state === "accepted");

/** The student's active proposal in the current term (DESIGN.md §9: at most one), or null. */
export function useCurrentProposal() {
  const user = useUser();
  const query = useQuery(proposalQueries.recent());
  const current =
    query.data?.items.find((p) => ACTIVE_STATUSES.includes(p.status) && isMemberOf(p, user.id)) ?? null;
  return { ...query, current };
}

/** What a decision leaves a student with: a proposal that frees them, or one approved in an earlier term. */
const DECIDED: readonly ProposalStatus[] = ["Denied", "Withdrawn", "Approved"];

/**
 * The student's latest decided proposal in any term (Denied, Withdrawn, or Approved), for a
 * dashboard with no active proposal to show: asked only when `enabled`.
 */
export function useLatestDecided(enabled: boolean) {
  const user = useUser();
  const query = useQuery({ ...proposalQueries.history(), enabled });
  const latest = query.data?.items.find((p) => DECIDED.includes(p.status) && isMemberOf(p, user.id)) ?? null;
  return { ...query, latest };
}
