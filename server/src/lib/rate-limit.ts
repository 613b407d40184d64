import { inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rateLimits } from "../db/schema";

export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
}

/** Seconds until the first exhausted limit frees up, or 0 when every limit still has room. */
export async function blockedFor(db: Db, limits: Limit[]): Promise<number> {
  const rows = await db
    .select()
    .from(rateLimits)
    .where(
      inArray(
        rateLimits.key,
        limits.map((l) => l.key),
      ),
    );
  const now = Date.now();
  let wait = 0;
  for (const row of rows) {
    const limit = limits.find((l) => l.key === row.key)!;
    const ends = row.windowStart.getTime() + limit.windowSeconds * 1000;
    if (ends > now && row.count >= limit.max) wait = Math.max(wait, Math.ceil((ends - now) / 1000));
  }
  return wait;
}

/** Counts one event against each limit: an atomic upsert per key, safe across instances. */
export async function hit(db: Db, limits: Limit[]): Promise<void> {
  for (const l of limits) {
    const expired = sql`${rateLimits.windowStart} < now() - make_interval(secs => ${l.windowSeconds})`;
    await db
      .insert(rateLimits)
      .values({ key: l.key, count: 1, windowStart: sql`now()` })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
          windowStart: sql`case when ${expired} then now() else ${rateLimits.windowStart} end`,
        },
      });
  }
}

export async function reset(db: Db, keys: string[]): Promise<void> {
  if (keys.length) await db.delete(rateLimits).where(inArray(rateLimits.key, keys));
}
