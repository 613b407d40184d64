import type { GradeScale } from "@shared/enums";
import { MARKED_STATES } from "@shared/thesis-life";
import type { RubricComponent } from "@shared/thesis-settings";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { selectRow, selectRows } from "../../db/query";
import {
  currentTerm,
  proposalCounts,
  proposals,
  supervisorCounts,
  termCapacities,
  terms,
  theses,
  users,
} from "../../db/schema";
import { isActive, notYetDue } from "../proposals/proposal-sql";

/** A term as every read selects it. */
export interface TermRow {
  id: string;
  name: string;
  mode: "direct" | "allocation";
  submissions_open_at: string | null;
  submissions_close_at: string | null;
  revisions_close_at: string | null;
  review_due_days: number;
  committee_approval: boolean;
  default_capacity: number | null;
  max_preferences: number;
  allocation_published_at: string | null;
  thesis_due_at: string | null;
  writing_weeks: number;
  grade_scale: GradeScale;
  grade_tolerance: number;
  rubric: RubricComponent[];
  declaration_text: string;
  marking_days: number;
  defense_required: boolean;
  defense_minutes: number;
  created_at: string;
  current: boolean;
}

/** A term as the API answers it: with how many proposals it holds (the kept total). */
export interface TermAnswerRow extends TermRow {
  proposal_count: number;
  grading_frozen: boolean;
}

const TERM_COLUMNS = sql`
  t.id, t.name, t.mode, t.submissions_open_at, t.submissions_close_at, t.revisions_close_at,
  t.review_due_days, t.committee_approval, t.default_capacity, t.max_preferences, t.allocation_published_at,
  t.thesis_due_at, t.writing_weeks, t.grade_scale, t.grade_tolerance, t.rubric, t.declaration_text, t.marking_days,
  t.defense_required, t.defense_minutes, t.created_at,
  exists(select 1 from ${currentTerm} c where c.term_id = t.id) as current`;

/**
 * The term's proposals from the kept totals (proposal_counts, decision 0060): counting the rows
 * read every proposal of the term, 7.5 ms on the bench's 50,000, for a list of terms.
 */
const PROPOSAL_COUNT = sql`(select coalesce(sum(c.n), 0)::int from ${proposalCounts} c where c.term_id = t.id) as proposal_count,
  exists (select 1 from ${theses} th join ${proposals} p on p.id = th.proposal_id
           where p.term_id = t.id and th.state in (${sql.join(
             MARKED_STATES.map((s) => sql`${s}`),
             sql`, `,
           )})) as grading_frozen`;

/** The id of the current term, as SQL (one row of current_term). */
export const CURRENT_TERM_ID = sql`(select term_id from ${currentTerm})`;

/**
 * Which term a list, a dashboard or an export reads, over `p` (DESIGN.md §8): one term's id,
 * "all", or none for the current term.
 */
export function inTerm(termId: string | undefined, p = sql`p`): SQL {
  if (termId === "all") return sql`true`;
  return sql`${p}.term_id = ${termId ? sql`${termId}::uuid` : CURRENT_TERM_ID}`;
}

/** Every term, newest first (terms are few: a department makes two or three a year). */
export function selectTerms(db: Db) {
  return selectRows<TermAnswerRow>(
    db,
    sql`select ${TERM_COLUMNS}, ${PROPOSAL_COUNT} from ${terms} t order by t.created_at desc, t.id`,
  );
}

/** One term, as the rules read it (a submission, a review). */
export function selectTerm(db: Db, id: string, lock = false) {
  return selectRow<TermRow>(
    db,
    sql`select ${TERM_COLUMNS} from ${terms} t where t.id = ${id} ${lock ? sql`for update of t` : sql``}`,
  );
}

/** One term as the API answers it, with its proposals counted (the committee's changes of a term). */
export function selectTermAnswer(db: Db, id: string, lock = false) {
  return selectRow<TermAnswerRow>(
    db,
    sql`select ${TERM_COLUMNS}, ${PROPOSAL_COUNT} from ${terms} t where t.id = ${id} ${lock ? sql`for update of t` : sql``}`,
  );
}

/** The current term, as it is at this statement (its settings are read at the time of each action). */
export function selectCurrentTerm(db: Db) {
  return selectRow<TermRow>(
    db,
    sql`select ${TERM_COLUMNS} from ${terms} t join ${currentTerm} c on c.term_id = t.id`,
  );
}

export interface TermValues {
  name: string;
  mode: "direct" | "allocation";
  submissionsOpenAt: string | null;
  submissionsCloseAt: string | null;
  revisionsCloseAt: string | null;
  reviewDueDays: number;
  committeeApproval: boolean;
  defaultCapacity: number | null;
  maxPreferences: number;
  thesisDueAt: string | null;
  writingWeeks: number;
  gradeScale: GradeScale;
  gradeTolerance: number;
  rubric: RubricComponent[];
  declarationText: string;
  markingDays: number;
  defenseRequired: boolean;
  defenseMinutes: number;
}

const toColumns = (v: TermValues) => ({
  name: v.name,
  mode: v.mode,
  submissionsOpenAt: v.submissionsOpenAt === null ? null : new Date(v.submissionsOpenAt),
  submissionsCloseAt: v.submissionsCloseAt === null ? null : new Date(v.submissionsCloseAt),
  revisionsCloseAt: v.revisionsCloseAt === null ? null : new Date(v.revisionsCloseAt),
  reviewDueDays: v.reviewDueDays,
  committeeApproval: v.committeeApproval,
  defaultCapacity: v.defaultCapacity,
  maxPreferences: v.maxPreferences,
  thesisDueAt: v.thesisDueAt === null ? null : new Date(v.thesisDueAt),
  writingWeeks: v.writingWeeks,
  gradeScale: v.gradeScale,
  gradeTolerance: v.gradeTolerance,
  rubric: v.rubric,
  declarationText: v.declarationText,
  markingDays: v.markingDays,
  defenseRequired: v.defenseRequired,
  defenseMinutes: v.defenseMinutes,
});

export async function insertTerm(db: Db, v: TermValues): Promise<string> {
  const [row] = await db.insert(terms).values(toColumns(v)).returning({ id: terms.id });
  return row.id;
}

export async function updateTerm(db: Db, id: string, v: TermValues) {
  await db.update(terms).set(toColumns(v)).where(sql`${terms.id} = ${id}`);
}

export async function deleteTerm(db: Db, id: string) {
  await db.delete(terms).where(sql`${terms.id} = ${id}`);
}

export async function makeCurrent(db: Db, id: string) {
  await db.update(currentTerm).set({ termId: id });
}

/** Sets a supervisor's own capacity in a term; false when the supervisor is not one. */
export async function upsertCapacity(db: Db, termId: string, supervisorId: string, capacity: number) {
  const rows = await selectRows<{ ok: 1 }>(
    db,
    sql`insert into ${termCapacities} (term_id, supervisor_id, capacity)
        select ${termId}, u.id, ${capacity} from ${users} u where u.id = ${supervisorId} and u.role = 'supervisor'
        on conflict (term_id, supervisor_id) do update set capacity = excluded.capacity
        returning 1 as ok`,
  );
  return rows.length > 0;
}

export async function deleteCapacity(db: Db, termId: string, supervisorId: string) {
  await db
    .delete(termCapacities)
    .where(sql`${termCapacities.termId} = ${termId} and ${termCapacities.supervisorId} = ${supervisorId}`);
}

/** The supervisor with this id (their name), if there is one. */
export function isSupervisor(db: Db, id: string) {
  return selectRow<{ name: string }>(
    db,
    sql`select name from ${users} where id = ${id} and role = 'supervisor'`,
  );
}

/**
 * A supervisor's capacity in a term: their own, else the term's default, else null (unlimited).
 * Over `t` (the term) and a supervisor id.
 */
export const capacityOf = (supervisorId: SQL) => sql`coalesce(
  (select tc.capacity from ${termCapacities} tc where tc.term_id = t.id and tc.supervisor_id = ${supervisorId}),
  t.default_capacity)`;

/** Places in use: the supervisor's active proposals in the term (proposals_supervisor_term_idx). */
export const usedBy = (supervisorId: SQL) =>
  sql`(select count(*)::int from ${proposals} p where p.supervisor_id = ${supervisorId} and p.term_id = t.id and ${isActive()})`;

/**
 * Every supervisor's load in a term, by name, with their overdue reviews at `now`: one statement.
 * Places in use and Pending come from the kept totals (supervisor_counts, decision 0060); the
 * overdue are the Pending less those not yet due (notYetDue: the last reviewDueDays days' only).
 */
export function selectLoad(db: Db, termId: string, now: Date) {
  return selectRows<{
    supervisor_id: string;
    name: string;
    used: number;
    capacity: number | null;
    override: boolean;
    overdue: number;
  }>(
    db,
    sql`select u.id as supervisor_id, u.name, coalesce(k.used, 0) as used, ${capacityOf(sql`u.id`)} as capacity,
               coalesce(k.pending, 0) - coalesce(r.not_due, 0) as overdue,
               exists(select 1 from ${termCapacities} tc where tc.term_id = t.id and tc.supervisor_id = u.id) as override
          from ${terms} t cross join ${users} u
          left join (select k.supervisor_id, (sum(k.n) filter (where ${isActive(sql`k`)}))::int as used,
                            (sum(k.n) filter (where k.status = 'Pending'))::int as pending
                       from ${supervisorCounts} k where k.term_id = ${termId} group by 1) k on k.supervisor_id = u.id
          left join (select p.supervisor_id, count(*)::int as not_due
                       from ${proposals} p join ${terms} tm on tm.id = p.term_id
                      where p.term_id = ${termId} and ${notYetDue(now)} group by 1) r on r.supervisor_id = u.id
         where t.id = ${termId} and u.role = 'supervisor'
         order by u.name, u.id`,
  );
}

/**
 * Whether a supervisor has a place left in the term, decided inside the caller's transaction:
 * with a limit, the supervisor's row is locked first (FOR NO KEY UPDATE, which foreign-key checks
 * do not wait for), so simultaneous submissions to one supervisor count in turn, each seeing the
 * ones committed before it. Without a limit nothing is locked.
 */
export async function takePlace(db: Db, termId: string, supervisorId: string): Promise<boolean> {
  const limit = await selectRow<{ capacity: number | null }>(
    db,
    sql`select ${capacityOf(sql`${supervisorId}::uuid`)} as capacity from ${terms} t where t.id = ${termId}`,
  );
  if (limit?.capacity == null) return true;
  await db.execute(sql`select 1 from ${users} where id = ${supervisorId} for no key update`);
  const row = await selectRow<{ used: number }>(
    db,
    sql`select ${usedBy(sql`${supervisorId}::uuid`)} as used from ${terms} t where t.id = ${termId}`,
  );
  return (row?.used ?? 0) < limit.capacity;
}
