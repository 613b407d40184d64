import type { ThesisState, Visibility } from "@shared/enums";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { countUpTo, int, selectRow, selectRows } from "../../db/query";
import { proposalMembers, proposals, terms, theses, users } from "../../db/schema";
import { thesisVisibleTo } from "./visibility";

/** What starting a thesis reads of its proposal's term (DESIGN.md §16). */
export function selectThesisTerm(db: Db, termId: string) {
  return selectRow<{ thesis_due_at: string | null; writing_weeks: number }>(
    db,
    sql`select thesis_due_at, writing_weeks from ${terms} where id = ${termId}`,
  );
}

export async function insertThesis(
  db: Db,
  v: { proposalId: string; startedAt: Date; dueAt: Date; firstExaminerId: string | null },
): Promise<string> {
  const [row] = await db
    .insert(theses)
    .values({ ...v, state: "Writing" })
    .returning({ id: theses.id });
  return row.id;
}

/** A thesis as every read selects it: with its proposal, term, people and the viewer's relation. */
export interface ThesisRow {
  id: string;
  proposal_id: string;
  title: string;
  term_id: string;
  term_name: string;
  state: ThesisState;
  started_at: string;
  due_at: string;
  submitted_at: string | null;
  final_document_id: string | null;
  /** When each examiner's assessment came in (§17). */
  first_assessed_at: string | null;
  second_assessed_at: string | null;
  /** Submission + the term's markingDays: when the assessments are due (§17). */
  assessments_due_at: string | null;
  /** The release (§17, §19): the supervisor's proposal, the embargo, what it was released with and when. */
  proposed_visibility: Visibility | null;
  embargo_until: string | null;
  visibility: Visibility | null;
  released_at: string | null;
  defense_required: boolean;
  version: number;
  created_at: string;
  updated_at: string;
  supervisor_id: string | null;
  supervisor_name: string | null;
  first_examiner_id: string | null;
  first_examiner_name: string | null;
  second_examiner_id: string | null;
  second_examiner_name: string | null;
  members: { id: string; name: string }[];
}

const THESIS_SELECT = sql`
  select th.id, th.proposal_id, p.title, p.term_id, tm.name as term_name, th.state, th.started_at, th.due_at,
         th.submitted_at, th.final_document_id, th.first_assessed_at, th.second_assessed_at,
         th.submitted_at + make_interval(days => tm.marking_days) as assessments_due_at,
         th.proposed_visibility, th.embargo_until, th.visibility, th.released_at, tm.defense_required, th.version, th.created_at, th.updated_at,
         p.supervisor_id, s.name as supervisor_name,
         th.first_examiner_id, e1.name as first_examiner_name, th.second_examiner_id, e2.name as second_examiner_name,
         coalesce((select json_agg(json_build_object('id', u.id, 'name', u.name) order by m.position)
                     from ${proposalMembers} m join ${users} u on u.id = m.user_id
                    where m.proposal_id = p.id and m.state = 'accepted'), '[]') as members
    from ${theses} th
    join ${proposals} p on p.id = th.proposal_id
    join ${terms} tm on tm.id = p.term_id
    left join ${users} s on s.id = p.supervisor_id
    left join ${users} e1 on e1.id = th.first_examiner_id
    left join ${users} e2 on e2.id = th.second_examiner_id`;

/** One thesis; with `lock`, its row is held (FOR UPDATE) until the transaction ends. */
export function selectThesis(db: Db, id: string, lock = false) {
  return selectRow<ThesisRow>(
    db,
    sql`${THESIS_SELECT} where th.id = ${id} ${lock ? sql`for update of th` : sql``}`,
  );
}

const inStates = (states: readonly ThesisState[]): SQL =>
  states.length
    ? sql`th.state in (${sql.join(
        states.map((s) => sql`${s}`),
        sql`, `,
      )})`
    : sql`false`;

/** What a thesis list is filtered by: a term (or any), states, and overdue at `now` (§16). */
export interface ThesisListFilter {
  termId: string | null;
  states: readonly ThesisState[];
  overdue: boolean | undefined;
  /** Only those this teacher examines, first or second (§17). */
  examinerId?: string;
  now: Date;
}

const overdueIs = (overdue: boolean | undefined, now: Date): SQL => {
  if (overdue === undefined) return sql`true`;
  const past = sql`(th.state = 'Writing' and th.due_at < ${now.toISOString()}::timestamptz)`;
  return overdue ? past : sql`not ${past}`;
};

const examinedBy = (examinerId: string | undefined): SQL =>
  examinerId
    ? sql`(th.first_examiner_id = ${examinerId} or th.second_examiner_id = ${examinerId})`
    : sql`true`;

/** What a list of theses reads from, over `theses th` and `proposals p`: the viewer's, by the filter. */
export const listFromWhere = (viewer: { id: string; role: string }, f: ThesisListFilter): SQL => sql`
    from ${theses} th
    join ${proposals} p on p.id = th.proposal_id
   where ${thesisVisibleTo(viewer)} and ${f.termId ? sql`p.term_id = ${f.termId}` : sql`true`}
     and ${inStates(f.states)} and ${overdueIs(f.overdue, f.now)} and ${examinedBy(f.examinerId)}`;

/**
 * A page of the theses the viewer may see, oldest due first, with their count up to `cap`
 * (decision 0018): the page's ids first, then those theses whole.
 */
export async function selectThesisPage(
  db: Db,
  viewer: { id: string; role: string },
  filter: ThesisListFilter,
  window: { offset: number; limit: number; cap: number },
) {
  const fromWhere = listFromWhere(viewer, filter);
  const [{ n }] = await selectRows<{ n: number }>(db, sql`select ${countUpTo(fromWhere, window.cap)} as n`);
  if (window.limit === 0) return { rows: [] as ThesisRow[], n };
  const rows = await selectRows<ThesisRow>(
    db,
    sql`${THESIS_SELECT}
         where th.id in (select th.id ${fromWhere}
                          order by th.due_at, th.id limit ${int(window.limit)} offset ${int(window.offset)})
         order by th.due_at, th.id`,
  );
  return { rows, n };
}

/**
 * Moves the thesis from `from` to `to` with the changes that go with it, only if it is still in
 * `from` at the version read: a racing change updates nothing (undefined). Every change counts up
 * its version.
 */
export async function moveThesisState(
  db: Db,
  id: string,
  from: ThesisState,
  version: number,
  to: ThesisState,
  set: Partial<typeof theses.$inferInsert>,
) {
  const [row] = await db
    .update(theses)
    .set({ ...set, state: to, version: version + 1, updatedAt: sql`now()` })
    .where(and(eq(theses.id, id), eq(theses.state, from), eq(theses.version, version)))
    .returning({ id: theses.id });
  return row;
}

/** A reassigned proposal's new supervisor becomes its thesis's first examiner, if the supervisor was (§17). */
export async function followSupervisor(db: Db, proposalId: string, from: string | null, to: string) {
  await db
    .update(theses)
    .set({ firstExaminerId: to, version: sql`${theses.version} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(theses.proposalId, proposalId),
        from === null ? sql`${theses.firstExaminerId} is null` : eq(theses.firstExaminerId, from),
      ),
    );
}
