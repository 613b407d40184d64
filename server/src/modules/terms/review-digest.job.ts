import { formatInZone, utcToWall, wallToUtc } from "@shared/time";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { selectRows } from "../../db/query";
import { proposals, terms } from "../../db/schema";
import type { ScheduledJob } from "../../lib/scheduler";
import { emails } from "../outbox/emails";
import { enqueueEmails } from "../outbox/outbox.service";
import { reviewDueAt } from "../proposals/proposal-sql";

/** The next time the zone's clock shows `hour`:00 after `now`. */
export function nextDailyAt(now: Date, hour: number, zone: string): Date {
  const today = utcToWall(now.toISOString(), zone).slice(0, 10);
  for (let days = 0; days < 3; days++) {
    const d = new Date(`${today}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + days);
    const at = new Date(
      wallToUtc(`${d.toISOString().slice(0, 10)}T${String(hour).padStart(2, "0")}:00`, zone)!,
    );
    if (at > now) return at;
  }
  throw new Error("no next daily time");
}

/** Each supervisor's Pending proposals past their review's due date, oldest due first (all terms). */
export function selectOverdue(db: Db, now: Date) {
  return selectRows<{ supervisor_id: string; overdue: { title: string; due: string }[] }>(
    db,
    sql`select p.supervisor_id, json_agg(json_build_object('title', p.title, 'due', ${reviewDueAt}) order by ${reviewDueAt}, p.id) as overdue
          from ${proposals} p join ${terms} tm on tm.id = p.term_id
         where p.status = 'Pending' and ${reviewDueAt} < ${now.toISOString()}::timestamptz
         group by p.supervisor_id`,
  );
}

/**
 * The daily digest (DESIGN.md §8): each supervisor with overdue reviews gets one email listing
 * them, at `hour` in the department's zone. Written to the outbox in the job's transaction, so a
 * run that fails sends nothing and the next one sends all.
 */
export function reviewDigestJob(options: {
  publicUrl: string;
  timeZone: string;
  hour: number;
}): ScheduledJob {
  return {
    name: "review-digest",
    next: (now) => nextDailyAt(now, options.hour, options.timeZone),
    run: async (tx, now) => {
      for (const row of await selectOverdue(tx, now))
        await enqueueEmails(
          tx,
          [row.supervisor_id],
          emails.reviewsOverdue(
            options.publicUrl,
            row.overdue.map((p) => ({
              title: p.title,
              due: formatInZone(new Date(p.due).toISOString(), options.timeZone),
            })),
          ),
        );
    },
  };
}
