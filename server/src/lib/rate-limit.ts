import { inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { selectRow } from "../db/query";
import { rateLimits } from "../db/schema";

export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
}

export interface Attempt {
  /** This attempt's number in the limit's window (1 for the first). */
  count: number;
  /** Whether the attempt is within the limit and may go on. */
  allowed: boolean;
  /** Seconds until the window ends (for Retry-After). */
  retryAfter: number;
}

/**
 * Takes one attempt against a limit before anything is checked, in one statement: the counter
 * goes up atomically (a new window starts when the last has ended), and the attempt may go on
 * when the number it got is within the limit. Of 50 simultaneous attempts exactly `max` go on,
 * whatever the instances; the rest are refused without being checked. Shared by every instance
 * (the counters live in PostgreSQL).
 */
export async function take(db: Db, limit: Limit): Promise<Attempt> {
  const ended = sql`r.window_start <= now() - make_interval(secs => ${limit.windowSeconds})`;
  const row = await selectRow<{ count: number; retry_after: number }>(
    db,
    sql`
    insert into ${rateLimits} as r (key, count, window_start) values (${limit.key}, 1, now())
    on conflict (key) do update set
      count = case when ${ended} then 1 else r.count + 1 end,
      window_start = case when ${ended} then now() else r.window_start end
    returning r.count,
      greatest(1, ceil(extract(epoch from (r.window_start + make_interval(secs => ${limit.windowSeconds}) - now()))))::int
        as retry_after`,
  );
  const count = row?.count ?? 1;
  return { count, allowed: count <= limit.max, retryAfter: row?.retry_after ?? limit.windowSeconds };
}

/** Gives back an attempt that turned out not to count (a right password). */
export async function giveBack(db: Db, limits: Limit[]): Promise<void> {
  if (!limits.length) return;
  await db.execute(
    sql`update ${rateLimits} set count = greatest(count - 1, 0)
         where key in (${sql.join(
           limits.map((l) => sql`${l.key}`),
           sql`, `,
         )})`,
  );
}

export async function reset(db: Db, keys: string[]): Promise<void> {
  if (keys.length) await db.delete(rateLimits).where(inArray(rateLimits.key, keys));
}
