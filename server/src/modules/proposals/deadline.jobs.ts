import { type RequestContext, type Settings, schedulerContext } from "../../lib/request-context";
import { everyMinutes, type ScheduledJob } from "../../lib/scheduler";
import { changeIn, noticeIn } from "./command";
import { DUE, type Due, dueProposals } from "./deadline.repository";
import { declineOpenInvitations } from "./invitations.repository";

/**
 * The deadline work of DESIGN.md §8, one job definition each. Each is a sweep over the rows whose
 * deadline has come (a term's dates are data the committee changes, not cron times), run every
 * minute and once across instances by the scheduler: idempotent by state, so a late or repeated
 * run does what is left and nothing twice. Each proposal is changed by the one command
 * (command.ts), as the scheduler.
 */

const DAY_MS = 86_400_000;
/** The group hears of the revision deadline this long before it (DESIGN.md §8). */
export const REMINDER_BEFORE_MS = 3 * DAY_MS;

/**
 * A job that sweeps the proposals `due` selects at its run's time, each changed by `each` in the
 * run's transaction, as the scheduler.
 */
const sweep =
  (name: string, due: (now: Date) => Due, each: (c: RequestContext<null>, id: string) => Promise<unknown>) =>
  (settings: Settings): ScheduledJob => ({
    name,
    next: everyMinutes(1),
    run: async (tx, now, emit) => {
      const c = schedulerContext(settings, tx, now, emit);
      for (const { id } of await dueProposals(tx, due(now))) await each(c, id);
    },
  });

/** At a term's submissionsCloseAt, invitations still open are declined: the proposal goes on with those who accepted. */
export const closeInvitationsJob = sweep("close-invitations", DUE.invitationsClosed, (c, id) =>
  changeIn(c, id, async () => {
    const declined = await declineOpenInvitations(c.db, id);
    return {
      action: "closeInvitations",
      kind: "invitation",
      lastAnswer: true,
      text: declined.length ? `Not answered: ${declined.map((d) => d.name).join(", ")}` : "",
    };
  }),
);

/** At a term's revisionsCloseAt, proposals still in Changes requested are withdrawn, freeing their places. */
export const revisionDeadlineJob = sweep("revision-deadline", DUE.revisionsClosed, (c, id) =>
  // The timeline says why; the email tells it in its own words, with no note.
  changeIn(c, id, () => ({ action: "expire", text: "revision deadline passed", tell: { text: null } })),
);

/**
 * Three days before a term's revisionsCloseAt, each group in Changes requested is reminded, once
 * for each time changes were requested (the reminder is a timeline row after the request).
 */
export const revisionReminderJob = sweep(
  "revision-reminder",
  (now) => DUE.revisionsCloseSoon(now, new Date(now.getTime() + REMINDER_BEFORE_MS)),
  (c, id) => noticeIn(c, id, "remind"),
);
