import type { Db } from "../db/client";
import { countAttempt, deleteCounters, uncountAttempts } from "./rate-limit.repository";

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
  const row = await countAttempt(db, limit.key, limit.windowSeconds);
  const count = row?.count ?? 1;
  return { count, allowed: count <= limit.max, retryAfter: row?.retry_after ?? limit.windowSeconds };
}

/** Gives back an attempt that turned out not to count (a right password). */
export async function giveBack(db: Db, limits: Limit[]): Promise<void> {
  if (!limits.length) return;
  await uncountAttempts(
    db,
    limits.map((l) => l.key),
  );
}

export async function reset(db: Db, keys: string[]): Promise<void> {
  if (keys.length) await deleteCounters(db, keys);
}
