import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { selectRow, selectRows } from "../../db/query";
import { allocationScenarios, type ScenarioCapacities, topics, users } from "../../db/schema";

/** The allocation's what-if scenarios (DESIGN.md §20): their rows, never the real capacities but on adoption. */

export interface ScenarioRow {
  id: string;
  term_id: string;
  name: string;
  made_at: string;
  made_by_id: string | null;
  made_by_name: string | null;
  seed: string;
  base_draft: string;
  base: ScenarioCapacities;
  capacities: ScenarioCapacities;
  result: [string, string | null, number | null][] | null;
  result_digest: string | null;
  ran_at: string | null;
}

const COLUMNS = sql`s.id, s.term_id, s.name, s.made_at, u.id as made_by_id, u.name as made_by_name, s.seed,
  s.base_draft, s.base, s.capacities, s.result, s.result_digest, s.ran_at`;

export async function insertScenario(
  db: Db,
  v: {
    termId: string;
    name: string;
    at: Date;
    by: string;
    seed: string;
    baseDraft: string;
    base: ScenarioCapacities;
  },
) {
  const [row] = await db
    .insert(allocationScenarios)
    .values({
      termId: v.termId,
      name: v.name,
      madeAt: v.at,
      madeBy: v.by,
      seed: v.seed,
      baseDraft: v.baseDraft,
      base: v.base,
      capacities: v.base,
    })
    .returning({ id: allocationScenarios.id });
  return row.id;
}

/** The term's scenario with this id (none for another term's), held FOR UPDATE when asked. */
export function selectScenario(db: Db, termId: string, id: string, lock = false) {
  return selectRow<ScenarioRow>(
    db,
    sql`select ${COLUMNS} from ${allocationScenarios} s left join ${users} u on u.id = s.made_by
         where s.id = ${id} and s.term_id = ${termId} ${lock ? sql`for update of s` : sql``}`,
  );
}

/** The term's scenarios, newest first, without their results. */
export function selectScenarios(db: Db, termId: string) {
  return selectRows<Omit<ScenarioRow, "result">>(
    db,
    sql`select s.id, s.term_id, s.name, s.made_at, u.id as made_by_id, u.name as made_by_name, s.seed,
               s.base_draft, s.base, s.capacities, s.result_digest, s.ran_at
          from ${allocationScenarios} s left join ${users} u on u.id = s.made_by
         where s.term_id = ${termId} order by s.made_at desc, s.id`,
  );
}

export async function countScenarios(db: Db, termId: string) {
  const row = await selectRow<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${allocationScenarios} where term_id = ${termId}`,
  );
  return row?.n ?? 0;
}

/** New capacities: the result they would give is unknown until the next run. */
export async function updateScenarioCapacities(db: Db, id: string, capacities: ScenarioCapacities) {
  await db.execute(sql`
    update ${allocationScenarios}
       set capacities = ${JSON.stringify(capacities)}::jsonb, result = null, result_digest = null, ran_at = null
     where id = ${id}`);
}

export async function saveScenarioResult(
  db: Db,
  id: string,
  r: { result: [string, string | null, number | null][]; digest: string; at: Date },
) {
  await db.execute(sql`
    update ${allocationScenarios}
       set result = ${JSON.stringify(r.result)}::jsonb, result_digest = ${r.digest}, ran_at = ${r.at.toISOString()}::timestamptz
     where id = ${id}`);
}

export async function deleteScenario(db: Db, id: string) {
  await db.execute(sql`delete from ${allocationScenarios} where id = ${id}`);
}

/** A topic's real capacity, as a scenario's adoption sets it. */
export async function setTopicCapacity(db: Db, id: string, capacity: number) {
  await db.execute(sql`update ${topics} set capacity = ${capacity} where id = ${id}`);
}
