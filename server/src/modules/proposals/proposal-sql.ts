import {
  ACTIVE_STATUSES,
  type MembershipState,
  PROPOSAL_STATUSES,
  type ProposalStatus,
  type ProposalType,
  type TermMode,
} from "@shared/enums";
import { LIMITS } from "@shared/limits";
import { type SQL, sql } from "drizzle-orm";
import {
  files,
  proposalMembers,
  proposalVersions,
  researchCells,
  terms,
  theses,
  users,
} from "../../db/schema";

/**
 * A proposal in SQL, once (decision 0045): the columns and joins every read of a proposal selects
 * (the list, the page, the transitions' answers, the committee's export, "my data"), the smaller
 * read of a transition's facts built from the same pieces, and the conditions statements of many
 * modules share (terms, topics, the committee, the supervisor's dashboard). A leaf: it imports no
 * repository, so none of them import each other through it. The row becomes the API's answer in
 * one place too (projection.ts).
 */

/** When a Pending proposal's review is due (DESIGN.md §8), over `p` and its term `tm`; null in other statuses. */
export const reviewDueAt = sql`case when p.status = 'Pending' then p.pending_since + make_interval(days => tm.review_due_days) end`;

/**
 * Over `p` and its term `tm`: Pending, and its review not yet due at `now`. The overdue ones are
 * the rest of the Pending, which the kept totals count (decision 0060); these are found through
 * proposals_pending_since_idx from a day before the due date's bound (a day in the database's time
 * zone may be 23 or 25 hours), then checked exactly, so the scan covers the last `reviewDueDays`
 * days' Pending proposals only, never the department's.
 */
export const notYetDue = (now: Date) => {
  const at = sql`${now.toISOString()}::timestamptz`;
  // reviewDueAt without its case (the status is Pending here), so that the index alone answers.
  return sql`p.status = 'Pending' and p.pending_since >= ${at} - make_interval(days => tm.review_due_days + 1)
    and p.pending_since + make_interval(days => tm.review_due_days) >= ${at}`;
};

/**
 * Whether `p` is active (DESIGN.md §9: it holds its members' places and its supervisor's), from
 * the one list of active statuses in shared/enums. The statuses are constants of the code, written
 * into the statement as literals, so the planner sees them as it sees a status filter's.
 */
export const isActive = (p = sql`p`): SQL =>
  sql`${p}.status in (${sql.raw(ACTIVE_STATUSES.map(statusText).join(", "))})`;

/**
 * `p.status = '…'` with the status written into the statement as a literal, as decision 0020
 * writes page bounds and users.repository.ts a role: each status's statement is planned with that
 * status's own share of the rows, and PostgreSQL keeps one plan for it. Bound as a parameter, a
 * rare status (Awaiting committee) made every execution plan the list's statement again, since its
 * own plan looked far cheaper than one for any status (planning cost several times the run).
 */
export const hasStatus = (status: ProposalStatus, p = sql`p`): SQL =>
  sql`${p}.status = ${sql.raw(statusText(status))}`;

function statusText(status: ProposalStatus) {
  if (!PROPOSAL_STATUSES.includes(status)) throw new Error(`not a status: ${status}`);
  return `'${status.replace(/'/g, "''")}'`;
}

// ── the projection: one proposal, as rows ─────────────────────────────────────

/** A proposal as every read selects it: its row with its cell, people and members' names. */
export interface ProposalRow {
  id: string;
  title: string;
  /** The whole abstract, or its first LIMITS.excerptMax characters in a list. */
  abstract: string;
  type: ProposalType;
  status: ProposalStatus;
  created_at: string;
  feedback: string | null;
  reviewed_at: string | null;
  cell_id: string | null;
  cell_title: string | null;
  supervisor_id: string | null;
  supervisor_name: string | null;
  supervisor_email: string | null;
  created_by: string;
  reviewer_id: string | null;
  reviewer_name: string | null;
  term_id: string;
  term_name: string;
  term_mode: TermMode;
  term_committee_approval: boolean;
  term_revisions_close_at: string | null;
  /** While Pending: when it last became Pending plus its term's reviewDueDays. */
  review_due_at: string | null;
  committee_feedback: string | null;
  committee_decided_at: string | null;
  committee_decider_id: string | null;
  committee_decider_name: string | null;
  /** The latest version's number and its document ({id, name, size}), if it has one. */
  version: number | null;
  document: { id: string; name: string; size: number } | null;
  thesis_id: string | null;
  /**
   * [id, name, student ID, position, state] of each member and open invitation by position, the
   * creator first (so the creator's name needs no join of its own); JSON built by the statement.
   */
  members: [string, string, string | null, number, MembershipState][] | null;
}

/** The term's columns of a ProposalRow, over its term `tm` (TERM_JOIN). */
export const TERM_COLUMNS = sql`tm.id as term_id, tm.name as term_name, tm.mode as term_mode,
  tm.committee_approval as term_committee_approval, tm.revisions_close_at as term_revisions_close_at`;
export const TERM_JOIN = sql`join ${terms} tm on tm.id = p.term_id`;

/** The supervisor's columns of a ProposalRow, over its supervisor `s` (SUPERVISOR_JOIN). */
export const SUPERVISOR_COLUMNS = sql`s.id as supervisor_id, s.name as supervisor_name, s.email as supervisor_email`;
export const SUPERVISOR_JOIN = sql`left join ${users} s on s.id = p.supervisor_id`;

/**
 * The group as every read shows it: each accepted member and open invitation by position, the
 * creator first (DESIGN.md §9; declined, left and cancelled students are no longer in it).
 */
export const MEMBERS_COLUMN = sql`(select json_agg(json_build_array(u.id, u.name, u.student_id, m.position, m.state) order by m.position)
     from ${proposalMembers} m join ${users} u on u.id = m.user_id
    where m.proposal_id = p.id and m.state in ('accepted', 'invited')) as members`;

/** The columns of a ProposalRow over `proposals p` joined by PROPOSAL_JOINS. */
export const proposalColumns = (abstract: "whole" | "excerpt") => sql`
  p.id, p.title,
  ${abstract === "whole" ? sql`p.abstract` : sql`left(p.abstract, ${sql.raw(String(LIMITS.excerptMax))}) as abstract`},
  p.type, p.status, p.created_at, p.feedback, p.reviewed_at,
  p.created_by, c.id as cell_id, c.title as cell_title,
  ${SUPERVISOR_COLUMNS},
  rv.id as reviewer_id, rv.name as reviewer_name,
  ${TERM_COLUMNS}, ${reviewDueAt} as review_due_at,
  p.committee_feedback, p.committee_decided_at, cd.id as committee_decider_id, cd.name as committee_decider_name,
  lv.number as version, lv.document,
  (select th.id from ${theses} th where th.proposal_id = p.id) as thesis_id,
  ${MEMBERS_COLUMN}`;

/** What a ProposalRow joins to `proposals p`: its cell, its people, its term and its latest version. */
export const PROPOSAL_JOINS = sql`
  left join ${researchCells} c on c.id = p.research_cell_id
  ${SUPERVISOR_JOIN}
  left join ${users} rv on rv.id = p.reviewed_by
  left join ${users} cd on cd.id = p.committee_decided_by
  ${TERM_JOIN}
  left join lateral (
    select v.number, case when f.id is not null then json_build_object('id', f.id, 'name', f.name, 'size', f.size) end as document
      from ${proposalVersions} v left join ${files} f on f.id = v.document_id
     where v.proposal_id = p.id order by v.number desc limit 1) lv on true`;
