import { formatInZone } from "@shared/time";
import { type DigestOptions, dailyAt, type ScheduledJob } from "../../lib/scheduler";
import { emails } from "../outbox/emails";
import { enqueueEmails } from "../outbox/outbox.service";
import { selectOverdue } from "../proposals/deadline.repository";

/**
 * The daily digest (DESIGN.md §8): each supervisor with overdue reviews gets one email listing
 * them, at `hour` in the department's zone. Written to the outbox in the job's transaction, so a
 * run that fails sends nothing and the next one sends all.
 */
export function reviewDigestJob(options: DigestOptions): ScheduledJob {
  return {
    name: "review-digest",
    next: dailyAt(options.hour, options.timeZone),
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
