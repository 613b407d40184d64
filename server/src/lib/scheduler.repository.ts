import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { selectRow, selectRows } from "../db/query";
import { scheduledJobs } from "../db/schema";

/** A job's row, first due at `nextRunAt`; a row that exists already is left as it is. */
export async function insertJob(db: Db, name: string, nextRunAt: Date) {
  await db.insert(scheduledJobs).values({ name, nextRunAt }).onConflictDoNothing();
}

/** The names of the jobs due at `now`. */
export const selectDueJobs = (db: Db, now: Date) =>
  selectRows<{ name: string }>(
    db,
    sql`select name from ${scheduledJobs} where next_run_at <= ${now.toISOString()}::timestamptz`,
  );

/**
 * Holds the job's row until the transaction ends, if it is due at `now` and no other transaction
 * holds it (FOR UPDATE SKIP LOCKED): whether this transaction may run it.
 */
export async function holdDueJob(tx: Db, name: string, now: Date): Promise<boolean> {
  const held = await selectRow(
    tx,
    sql`select 1 from ${scheduledJobs} where name = ${name} and next_run_at <= ${now.toISOString()}::timestamptz
        for update skip locked`,
  );
  return !!held;
}

/** A run at `ranAt` done: the job is next due at `nextRunAt`. */
export async function markJobRun(tx: Db, name: string, ranAt: Date, nextRunAt: Date) {
  await tx.execute(
    sql`update ${scheduledJobs} set next_run_at = ${nextRunAt.toISOString()}::timestamptz,
           last_run_at = ${ranAt.toISOString()}::timestamptz, last_error = null where name = ${name}`,
  );
}

/** A run failed: its error is kept and the job is due again at `retryAt`. */
export async function markJobFailed(db: Db, name: string, error: string, retryAt: Date) {
  await db.execute(
    sql`update ${scheduledJobs} set next_run_at = ${retryAt.toISOString()}::timestamptz,
           last_error = ${error} where name = ${name}`,
  );
}
