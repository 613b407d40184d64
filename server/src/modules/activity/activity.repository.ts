import type { ActivityKind } from "@shared/activity";
import type { ProposalStatus, ThesisState } from "@shared/enums";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { countUpTo, int, selectRows } from "../../db/query";
import { activity, proposals, users } from "../../db/schema";
import type { RequestContext } from "../../lib/request-context";

/** One thing that happened, as the service that made the change records it. */
export interface NewActivity {
  /** Who did it; null for the scheduler. */
  actorId: string | null;
  kind: ActivityKind;
  action: string;
  proposalId?: string | null;
  /** The person, cell or term it concerns, with its name at the time. */
  subjectId?: string | null;
  subjectName?: string | null;
  fromStatus?: ProposalStatus | null;
  toStatus?: ProposalStatus | null;
  /** A thesis's states before and after (kind "thesis"). */
  fromThesisState?: ThesisState | null;
  toThesisState?: ThesisState | null;
  note?: string | null;
  /** The time of the change (the app's clock). */
  at: Date;
}

/**
 * One row of what happened, made in the context `c` (its transaction, who acts and when): a change
 * that is not a proposal's transition (those write theirs through the engine).
 */
export const recordIn = (
  c: Pick<RequestContext, "db" | "by" | "now">,
  kind: ActivityKind,
  action: string,
  about: Omit<NewActivity, "actorId" | "at" | "kind" | "action"> = {},
) => recordActivity(c.db, { actorId: c.by?.id ?? null, at: c.now, kind, action, ...about });

/**
 * Records what happened, inside the caller's transaction (DESIGN.md §9): the row exists exactly
 * when the change it tells of was committed.
 */
export async function recordActivity(db: Db, ...rows: NewActivity[]) {
  if (!rows.length) return;
  await db.insert(activity).values(
    rows.map((r) => ({
      at: r.at,
      actorId: r.actorId,
      kind: r.kind,
      action: r.action,
      proposalId: r.proposalId ?? null,
      subjectId: r.subjectId ?? null,
      subjectName: r.subjectName ?? null,
      fromStatus: r.fromStatus ?? null,
      toStatus: r.toStatus ?? null,
      fromThesisState: r.fromThesisState ?? null,
      toThesisState: r.toThesisState ?? null,
      note: r.note?.trim() ? r.note.trim() : null,
    })),
  );
}

/** A row of the log as every read selects it: with the actor's name and the proposal's title. */
export interface ActivityRow {
  id: number;
  at: string;
  actor_id: string | null;
  actor_name: string | null;
  kind: string;
  action: string;
  proposal_id: string | null;
  proposal_title: string | null;
  subject_id: string | null;
  subject_name: string | null;
  from_status: ProposalStatus | null;
  to_status: ProposalStatus | null;
  note: string | null;
}

const ROW = sql`a.id::int as id, a.at, a.actor_id, u.name as actor_name, a.kind, a.action, a.proposal_id,
  p.title as proposal_title, a.subject_id, a.subject_name, a.from_status, a.to_status, a.note`;
const JOINS = sql`left join ${users} u on u.id = a.actor_id left join ${proposals} p on p.id = a.proposal_id`;

/** The thesis's actions of the blind marking (§17), never on a student's timeline before release. */
const MARKING_ACTIONS = ["assess", "decide", "setFinalGrades"] as const;

/**
 * The activity rows (over `activity a`) a student may read, wherever they read them (a proposal's
 * timeline, "Download my data"): never the thesis's marking (DESIGN.md §17: no row tells a student
 * of an assessment, a grade, Graded or Disputed before release), nor a grade's correction before
 * release.
 */
export const studentMayRead = sql`not ((a.kind = 'thesis' and a.action in (${sql.join(
  MARKING_ACTIONS.map((x) => sql`${x}`),
  sql`, `,
)})) or (a.kind = 'thesis' and a.action = 'correctGrade' and a.from_thesis_state <> 'Released'))`;

/**
 * A proposal's timeline, oldest first (activity_proposal_idx). A move by hand in an allocation's
 * draft is the committee's working, not the group's history (issue 33 item 4): it stays in the
 * activity log only; the publication writes the group's row with its result. A student's omits
 * what `studentMayRead` keeps from them.
 */
export function selectTimeline(db: Db, proposalId: string, student = false) {
  return selectRows<ActivityRow>(
    db,
    sql`select ${ROW} from ${activity} a ${JOINS}
         where a.proposal_id = ${proposalId} and not (a.kind = 'allocation' and a.action = 'move')
           and ${student ? studentMayRead : sql`true`}
         order by a.at, a.id`,
  );
}

export interface ActivityFilter {
  personId?: string;
  kind?: string;
  /** Instants: from (inclusive) to (exclusive). */
  fromAt?: string;
  toAt?: string;
}

function where(f: ActivityFilter): SQL {
  return sql.join(
    [
      sql`true`,
      ...(f.personId ? [sql`(a.actor_id = ${f.personId} or a.subject_id = ${f.personId})`] : []),
      ...(f.kind ? [sql`a.kind = ${f.kind}`] : []),
      ...(f.fromAt ? [sql`a.at >= ${f.fromAt}::timestamptz`] : []),
      ...(f.toAt ? [sql`a.at < ${f.toAt}::timestamptz`] : []),
    ],
    sql` and `,
  );
}

/** A page of the log, newest first (activity_at_idx, or the person's and kind's indexes), counted up to `cap`. */
export async function selectActivityPage(
  db: Db,
  f: ActivityFilter,
  limit: number,
  offset: number,
  cap: number,
) {
  const w = where(f);
  const rows = await selectRows<{ total: number } & (ActivityRow | { [K in keyof ActivityRow]: null })>(
    db,
    sql`select ${countUpTo(sql`from ${activity} a where ${w}`, cap)} as total, page.*
          from (select 1) one
          left join lateral (
            select ${ROW} from ${activity} a ${JOINS} where ${w}
             order by a.at desc, a.id desc limit ${int(limit)} offset ${int(offset)}
          ) page on true
         order by page.at desc, page.id desc`,
  );
  return { total: rows[0]?.total ?? 0, rows: rows.filter((r): r is typeof r & ActivityRow => r.id !== null) };
}

/** Keyset batch for the export, newest first: the rows before the one with id `beforeId`. */
export function selectActivityBefore(db: Db, f: ActivityFilter, beforeId: number | undefined, limit: number) {
  const after = beforeId
    ? sql`and (a.at, a.id) < ((select b.at from ${activity} b where b.id = ${beforeId}), ${beforeId})`
    : sql``;
  return selectRows<ActivityRow>(
    db,
    sql`select ${ROW} from ${activity} a ${JOINS} where ${where(f)} ${after}
         order by a.at desc, a.id desc limit ${int(limit)}`,
  );
}
