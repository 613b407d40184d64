import { formatInZone, utcToWall, wallToUtc } from "@shared/time";
import type { ScheduledJob } from "../../lib/scheduler";
import { emails } from "../outbox/emails";
import { enqueueEmails } from "../outbox/outbox.service";
import { selectOverdue } from "../proposals/deadline.repository";

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
