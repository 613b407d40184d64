import { ACTIVE_STATUSES } from "@shared/enums";
import { type SQL, sql } from "drizzle-orm";

/**
 * Conditions over a proposal that statements of many modules share (terms, topics, the committee,
 * the supervisor's list). A leaf: it imports no repository, so none of them import each other
 * through it.
 */

/** When a Pending proposal's review is due (DESIGN.md §8), over `p` and its term `tm`; null in other statuses. */
export const reviewDueAt = sql`case when p.status = 'Pending' then p.pending_since + make_interval(days => tm.review_due_days) end`;

/**
 * Whether `p` is active (DESIGN.md §9: it holds its members' places and its supervisor's), from
 * the one list of active statuses in shared/enums. The statuses are constants of the code, written
 * into the statement as literals, so the planner sees them as it sees a status filter's.
 */
export const isActive = (p = sql`p`): SQL =>
  sql`${p}.status in (${sql.raw(ACTIVE_STATUSES.map((s) => `'${s.replace(/'/g, "''")}'`).join(", "))})`;
