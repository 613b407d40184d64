import type { RetentionCounts, RetentionPreview } from "@shared/schemas/retention";
import type { Db } from "../../db/client";
import { iso } from "../../db/query";
import { dailyAt, type ScheduledJob } from "../../lib/scheduler";
import { recordActivity } from "../activity/activity.repository";
import { countExpired, purgeExpired, selectRetentionRuns } from "./retention.repository";

export const RETENTION_JOB = "retention";

/** The end date before which a record's clock has run out at `at`: `years` calendar years earlier. */
export function retentionCutoff(at: Date, years: number): Date {
  const d = new Date(at);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d;
}

const WORDS: [keyof RetentionCounts, string, string][] = [
  ["records", "record", "records"],
  ["messages", "chat message", "chat messages"],
  ["notices", "notice", "notices"],
  ["versions", "superseded version", "superseded versions"],
  ["internalComments", "internal comment", "internal comments"],
  ["accounts", "account anonymised", "accounts anonymised"],
];

/** The run's activity note, in counts only (never a removed text): "2 records: 14 chat messages, …". */
export function describeRun(n: RetentionCounts): string {
  const [first, ...rest] = WORDS.map(([k, one, many]) => `${n[k]} ${n[k] === 1 ? one : many}`);
  return `${first}: ${rest.join(", ")}`;
}

/**
 * Daily (DESIGN.md §19), once across instances and caught up after downtime (the scheduler's
 * guarantees, decision 0026): removes what the clock allows and records the run as one activity
 * row, in the job's transaction.
 */
export function retentionJob(options: { years: number; timeZone: string; hour: number }): ScheduledJob {
  return {
    name: RETENTION_JOB,
    next: dailyAt(options.hour, options.timeZone),
    run: async (tx, now) => {
      const removed = await purgeExpired(tx, retentionCutoff(now, options.years), now);
      await recordActivity(tx, {
        actorId: null,
        at: now,
        kind: "retention",
        action: "run",
        note: describeRun(removed),
      });
    },
  };
}

/** What the next run would remove, in counts, with its time and the last run's note. */
export async function previewRetention(db: Db, years: number, now: Date): Promise<RetentionPreview> {
  const row = await selectRetentionRuns(db, RETENTION_JOB);
  const next = row?.next_run_at && new Date(row.next_run_at) > now ? new Date(row.next_run_at) : now;
  const cutoff = retentionCutoff(next, years);
  return {
    years,
    nextRunAt: next.toISOString(),
    cutoff: cutoff.toISOString(),
    counts: await countExpired(db, cutoff),
    lastRun: row?.last_at ? { at: iso(row.last_at), note: row.last_note ?? "" } : null,
  };
}
