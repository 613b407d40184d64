import type { ProposalType } from "@shared/enums";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { countUpTo, int, selectRow, selectRows } from "../../db/query";
import {
  proposalPreferences,
  proposals,
  researchCells,
  supervisorCells,
  terms,
  topics,
  users,
} from "../../db/schema";
import { matchesSearch } from "../../db/search";
import { isActive } from "../proposals/proposal-sql";

/**
 * Whether the topic `t` is offered (DESIGN.md §11, §21): not withdrawn, and its supervisor's account
 * is active. A deactivated supervisor's topics leave the offer, the allocation and the students'
 * list while the account is deactivated, and come back with it: nothing is deleted.
 */
export const offered = (t = sql`t`): SQL =>
  sql`(${t}.withdrawn_at is null and exists (select 1 from ${users} su where su.id = ${t}.supervisor_id and su.deactivated_at is null))`;

/** A topic as every read selects it: with its supervisor, its cell and how many groups list it. */
export interface TopicRow {
  id: string;
  term_id: string;
  title: string;
  description: string;
  type: ProposalType;
  capacity: number;
  withdrawn_at: string | null;
  created_at: string;
  supervisor_id: string;
  supervisor_name: string;
  cell_id: string;
  cell_title: string;
  applicants: number;
  placed: number;
}

const TOPIC_COLUMNS = sql`t.id, t.term_id, t.title, t.description, t.type, t.capacity, t.withdrawn_at, t.created_at,
  s.id as supervisor_id, s.name as supervisor_name, c.id as cell_id, c.title as cell_title,
  (select count(*)::int from ${proposalPreferences} pp where pp.topic_id = t.id) as applicants,
  (select count(*)::int from ${proposals} p where p.topic_id = t.id and ${isActive()}) as placed`;
const TOPIC_JOINS = sql`join ${users} s on s.id = t.supervisor_id join ${researchCells} c on c.id = t.research_cell_id`;

export function selectTopic(db: Db, id: string, lock = false) {
  return selectRow<TopicRow>(
    db,
    sql`select ${TOPIC_COLUMNS} from ${topics} t ${TOPIC_JOINS} where t.id = ${id} ${lock ? sql`for update of t` : sql``}`,
  );
}

export interface TopicFilter {
  termId: string;
  q?: string;
  researchCellId?: string;
  supervisorId?: string;
  /** Withdrawn topics too, and those of a deactivated supervisor (a supervisor's own list). */
  withdrawn: boolean;
  limit: number;
  offset: number;
  cap: number;
}

/** A page of a term's topics by title (topics_term_title_idx), counted up to `cap`, in one statement. */
export async function selectTopicPage(db: Db, f: TopicFilter) {
  const where = sql.join(
    [
      sql`t.term_id = ${f.termId}`,
      ...(f.withdrawn ? [] : [offered()]),
      ...(f.q ? [matchesSearch("t", f.q, "any")] : []),
      ...(f.researchCellId ? [sql`t.research_cell_id = ${f.researchCellId}`] : []),
      ...(f.supervisorId ? [sql`t.supervisor_id = ${f.supervisorId}`] : []),
    ],
    sql` and `,
  );
  const rows = await selectRows<{ total: number } & (TopicRow | { [K in keyof TopicRow]: null })>(
    db,
    sql`select ${countUpTo(sql`from ${topics} t where ${where}`, f.cap)} as total, page.*
          from (select 1) one
          left join lateral (
            select ${TOPIC_COLUMNS} from ${topics} t ${TOPIC_JOINS} where ${where}
             order by t.title, t.id limit ${int(f.limit)} offset ${int(f.offset)}
          ) page on true
         order by page.title, page.id`,
  );
  return { total: rows[0]?.total ?? 0, rows: rows.filter((r): r is typeof r & TopicRow => r.id !== null) };
}

export interface TopicValues {
  title: string;
  description: string;
  type: ProposalType;
  researchCellId: string;
  capacity: number;
}

export async function insertTopic(
  db: Db,
  v: TopicValues & { termId: string; supervisorId: string; at: Date },
) {
  const [row] = await db
    .insert(topics)
    .values({
      termId: v.termId,
      supervisorId: v.supervisorId,
      researchCellId: v.researchCellId,
      title: v.title,
      description: v.description,
      type: v.type,
      capacity: v.capacity,
      createdAt: v.at,
    })
    .returning({ id: topics.id });
  return row.id;
}

export async function updateTopic(db: Db, id: string, v: TopicValues) {
  await db.update(topics).set(v).where(sql`${topics.id} = ${id}`);
}

/**
 * Withdraws a topic: it leaves every preference list (the ranks after it move up) in the same
 * statement set; answers the groups whose lists it left.
 */
export async function withdrawTopicRows(db: Db, id: string, at: Date) {
  await db.update(topics).set({ withdrawnAt: at }).where(sql`${topics.id} = ${id}`);
  const removed = await selectRows<{ proposal_id: string }>(
    db,
    sql`delete from ${proposalPreferences} where topic_id = ${id} returning proposal_id`,
  );
  const ids = removed.map((r) => r.proposal_id);
  if (ids.length)
    await db.execute(sql`
      update ${proposalPreferences} pp set rank = renumbered.rank
        from (select proposal_id, topic_id, row_number() over (partition by proposal_id order by rank)::smallint as rank
                from ${proposalPreferences} where proposal_id in (${sql.join(
                  ids.map((p) => sql`${p}::uuid`),
                  sql`, `,
                )})) renumbered
       where pp.proposal_id = renumbered.proposal_id and pp.topic_id = renumbered.topic_id`);
  return ids;
}

/** Whether the supervisor belongs to the cell (a topic is in one of its supervisor's cells). */
export async function supervisesCell(db: Db, supervisorId: string, cellId: string) {
  return !!(await selectRow(
    db,
    sql`select 1 from ${supervisorCells} where supervisor_id = ${supervisorId} and research_cell_id = ${cellId}`,
  ));
}

/** A term as the allocation needs it. */
export interface AllocationTermRow {
  id: string;
  name: string;
  mode: "direct" | "allocation";
  max_preferences: number;
  allocation_published_at: string | null;
}

const TERM = sql`id, name, mode, max_preferences, allocation_published_at`;

/**
 * The term's row, and with `lock` held until the transaction ends: FOR SHARE by every change to
 * what the allocation reads that is refused once it is published (topics, preferences, rankings:
 * `openForChange`) and by a run or a move; FOR UPDATE by the publication, which so waits for those
 * changes and makes the later ones wait and then find the term published.
 */
export function selectAllocationTerm(db: Db, termId: string, lock: "share" | "update" | null = null) {
  const locking: SQL = lock === "share" ? sql`for share` : lock === "update" ? sql`for update` : sql``;
  return selectRow<AllocationTermRow>(db, sql`select ${TERM} from ${terms} where id = ${termId} ${locking}`);
}
