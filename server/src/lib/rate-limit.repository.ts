import { inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { selectRow } from "../db/query";
import { rateLimits } from "../db/schema";

/**
 * Counts one attempt under `key` in one statement: the counter goes up atomically, or starts again
 * at 1 when its window of `windowSeconds` has ended. Answers the attempt's number in the window
 * and the seconds until the window ends.
 */
export function countAttempt(db: Db, key: string, windowSeconds: number) {
  const ended = sql`r.window_start <= now() - make_interval(secs => ${windowSeconds})`;
  return selectRow<{ count: number; retry_after: number }>(
    db,
    sql`
    insert into ${rateLimits} as r (key, count, window_start) values (${key}, 1, now())
    on conflict (key) do update set
      count = case when ${ended} then 1 else r.count + 1 end,
      window_start = case when ${ended} then now() else r.window_start end
    returning r.count,
      greatest(1, ceil(extract(epoch from (r.window_start + make_interval(secs => ${windowSeconds}) - now()))))::int
        as retry_after`,
  );
}

/** Takes one attempt off each of these counters (never below 0). */
export async function uncountAttempts(db: Db, keys: string[]) {
  await db.execute(
    sql`update ${rateLimits} set count = greatest(count - 1, 0)
         where key in (${sql.join(
           keys.map((k) => sql`${k}`),
           sql`, `,
         )})`,
  );
}

export async function deleteCounters(db: Db, keys: string[]) {
  await db.delete(rateLimits).where(inArray(rateLimits.key, keys));
}
