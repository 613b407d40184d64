import type { ProposalStatus } from "./enums";
import {
  type Party,
  type ProposalAction,
  revisionsOpen,
  submissionsOpen,
  TRANSITIONS,
} from "./proposal-life";
import type { REVIEW_STATUSES } from "./schemas/proposals";

/*
 * What the screens offer, read from the proposal's table (./proposal-life.ts): the server decides
 * again, under the same table, when an action arrives.
 */

/**
 * The actions these parties may take on a proposal in `status` now: what the screens offer. The
 * server decides again, under the same table, when the action arrives. A term's date left out
 * (undefined) is not checked.
 */
export function allowedActions(
  status: ProposalStatus,
  parties: readonly Party[],
  term: { revisionsCloseAt: string | null; submissionsCloseAt?: string | null },
  now = new Date(),
): ProposalAction[] {
  const out = new Set<ProposalAction>();
  for (const t of TRANSITIONS)
    if (
      t.from === status &&
      t.who.some((w) => parties.includes(w)) &&
      (!t.needs?.beforeRevisionsClose || revisionsOpen(term.revisionsCloseAt, now)) &&
      (!t.needs?.beforeSubmissionsClose || submissionsOpen(term.submissionsCloseAt, now))
    )
      out.add(t.action);
  return [...out];
}

/**
 * What a screen offers these parties on a proposal in `status` now, from the table: the actions
 * `open` now, and those a term's deadline has `closed` (the table would allow them were the term's
 * revisions and submissions still open): shown disabled, saying why.
 */
export function actionsOffered(
  status: ProposalStatus,
  parties: readonly Party[],
  term: { revisionsCloseAt: string | null; submissionsCloseAt?: string | null },
  now = new Date(),
): { open: ProposalAction[]; closed: ProposalAction[] } {
  const open = allowedActions(status, parties, term, now);
  const closed = allowedActions(status, parties, { revisionsCloseAt: null }, now).filter(
    (a) => !open.includes(a),
  );
  return { open, closed };
}

/** The supervisor's review (POST /proposals/:id/review): each decision's action in the table. */
export const REVIEW_ACTIONS = {
  Approved: "approve",
  Denied: "deny",
  "Changes requested": "requestChanges",
} as const satisfies Record<(typeof REVIEW_STATUSES)[number], ProposalAction>;
