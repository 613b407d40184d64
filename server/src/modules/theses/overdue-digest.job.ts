import { formatInZone } from "@shared/time";
import { type DigestOptions, dailyAt, type ScheduledJob } from "../../lib/scheduler";
import { emails } from "../outbox/emails";
import { enqueueEmails } from "../outbox/outbox.service";
import { committeeIds } from "../proposals/transition.repository";
import { selectOverdueAssessments } from "./assessment.repository";
import { selectOverdueTheses } from "./writing.repository";

/**
 * The committee's daily digests of overdue theses (DESIGN.md §16) and overdue assessments (§17):
 * one email each to each committee member, listing every thesis still in Writing past its due date,
 * and every submitted thesis still waiting for an assessment past submission + markingDays, at
 * `hour` in the department's zone, as the supervisors' review digest is sent. Written to the outbox
 * in the job's transaction; nothing when nothing is overdue.
 */
export function thesesOverdueDigestJob(options: DigestOptions): ScheduledJob {
  return {
    name: "theses-overdue-digest",
    next: dailyAt(options.hour, options.timeZone),
    run: async (tx, now) => {
      const shown = (d: string) => formatInZone(new Date(d).toISOString(), options.timeZone);
      const late = await selectOverdueAssessments(tx, now);
      if (late.length)
        await enqueueEmails(
          tx,
          await committeeIds(tx),
          emails.assessmentsOverdue(
            options.publicUrl,
            late.map((t) => ({ title: t.title, due: shown(t.due_at), waiting: t.waiting })),
          ),
        );
      const overdue = await selectOverdueTheses(tx, now);
      if (!overdue.length) return;
      await enqueueEmails(
        tx,
        await committeeIds(tx),
        emails.thesesOverdue(
          options.publicUrl,
          overdue.map((t) => ({
            title: t.title,
            due: shown(t.due_at),
            members: t.members || "no members",
          })),
        ),
      );
    },
  };
}
