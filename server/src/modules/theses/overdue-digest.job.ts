import { formatInZone } from "@shared/time";
import { dailyAt, type ScheduledJob } from "../../lib/scheduler";
import { emails } from "../outbox/emails";
import { enqueueEmails } from "../outbox/outbox.service";
import { committeeIds } from "../proposals/transition.repository";
import { selectOverdueTheses } from "./writing.repository";

/**
 * The committee's daily digest of overdue theses (DESIGN.md §16): one email to each committee
 * member listing every thesis still in Writing past its due date, at `hour` in the department's
 * zone, as the supervisors' review digest is sent. Written to the outbox in the job's transaction;
 * nothing when no thesis is overdue.
 */
export function thesesOverdueDigestJob(options: {
  publicUrl: string;
  timeZone: string;
  hour: number;
}): ScheduledJob {
  return {
    name: "theses-overdue-digest",
    next: dailyAt(options.hour, options.timeZone),
    run: async (tx, now) => {
      const overdue = await selectOverdueTheses(tx, now);
      if (!overdue.length) return;
      await enqueueEmails(
        tx,
        await committeeIds(tx),
        emails.thesesOverdue(
          options.publicUrl,
          overdue.map((t) => ({
            title: t.title,
            due: formatInZone(new Date(t.due_at).toISOString(), options.timeZone),
            members: t.members || "no members",
          })),
        ),
      );
    },
  };
}
