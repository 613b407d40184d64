import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { selectRows } from "../../db/query";
import { activity, proposalMembers, proposals, terms, users } from "../../db/schema";
import { everyMinutes, type ScheduledJob } from "../../lib/scheduler";
import { recordActivity } from "../activity/activity.repository";
import { happening } from "./invitations";
import { tell } from "./tell";
import { applyTransition } from "./transition";
import { selectLifeFacts } from "./transition.repository";

/**
 * The deadline work of DESIGN.md §8, one job definition each. Each is a sweep over the rows whose
 * deadline has come (a term's dates are data the committee changes, not cron times), run every
 * minute and once across instances by the scheduler: idempotent by state, so a late or repeated
 * run does what is left and nothing twice.
 */

const DAY_MS = 86_400_000;
/** The group hears of the revision deadline this long before it (DESIGN.md §8). */
export const REMINDER_BEFORE_MS = 3 * DAY_MS;

/** The proposals a sweep works on, in id order (the order every transaction locks them in), held until commit. */
function due(tx: Db, status: string, condition: ReturnType<typeof sql>) {
  return selectRows<{ id: string }>(
    tx,
    sql`select p.id from ${proposals} p join ${terms} tm on tm.id = p.term_id
         where p.status = ${status} and ${condition}
         order by p.id for update of p`,
  );
}

/** At a term's submissionsCloseAt, invitations still open are declined: the proposal goes on with those who accepted. */
export function closeInvitationsJob(o: { publicUrl: string }): ScheduledJob {
  return {
    name: "close-invitations",
    next: everyMinutes(1),
    run: async (tx, now, emit) => {
      const at = now.toISOString();
      for (const { id } of await due(
        tx,
        "Awaiting members",
        sql`tm.submissions_close_at <= ${at}::timestamptz`,
      )) {
        const facts = (await selectLifeFacts(tx, id, null))!;
        const declined = await selectRows<{ user_id: string; name: string }>(
          tx,
          sql`update ${proposalMembers} m set state = 'declined' from ${users} u
               where m.proposal_id = ${id} and m.state = 'invited' and u.id = m.user_id
              returning m.user_id, u.name`,
        );
        const result = await applyTransition(tx, facts, {
          action: "closeInvitations",
          actor: null,
          parties: ["scheduler"],
          now,
          kind: "invitation",
          lastAnswer: true,
          text: declined.length ? `Not answered: ${declined.map((d) => d.name).join(", ")}` : "",
        });
        await tell(
          tx,
          emit,
          happening({ ...o, now }, facts, result, { action: "closeInvitations", actor: null }),
        );
      }
    },
  };
}

/** At a term's revisionsCloseAt, proposals still in Changes requested are withdrawn, freeing their places. */
export function revisionDeadlineJob(o: { publicUrl: string }): ScheduledJob {
  return {
    name: "revision-deadline",
    next: everyMinutes(1),
    run: async (tx, now, emit) => {
      const at = now.toISOString();
      for (const { id } of await due(
        tx,
        "Changes requested",
        sql`tm.revisions_close_at <= ${at}::timestamptz`,
      )) {
        const facts = (await selectLifeFacts(tx, id, null))!;
        const result = await applyTransition(tx, facts, {
          action: "expire",
          actor: null,
          parties: ["scheduler"],
          now,
          text: "revision deadline passed",
        });
        await tell(tx, emit, happening({ ...o, now }, facts, result, { action: "expire", actor: null }));
      }
    },
  };
}

/**
 * Three days before a term's revisionsCloseAt, each group in Changes requested is reminded, once
 * for each time changes were requested (the reminder is a timeline row after the request).
 */
export function revisionReminderJob(o: { publicUrl: string }): ScheduledJob {
  return {
    name: "revision-reminder",
    next: everyMinutes(1),
    run: async (tx, now, emit) => {
      const at = now.toISOString();
      const soon = new Date(now.getTime() + REMINDER_BEFORE_MS).toISOString();
      const rows = await due(
        tx,
        "Changes requested",
        sql`tm.revisions_close_at > ${at}::timestamptz and tm.revisions_close_at <= ${soon}::timestamptz
            and not exists (select 1 from ${activity} a
                             where a.proposal_id = p.id and a.kind = 'proposal' and a.action = 'remind'
                               and a.at >= p.reviewed_at)`,
      );
      for (const { id } of rows) {
        const facts = (await selectLifeFacts(tx, id, null))!;
        await recordActivity(tx, {
          at: now,
          actorId: null,
          kind: "proposal",
          action: "remind",
          proposalId: id,
        });
        const same = { from: facts.status, to: facts.status };
        await tell(tx, emit, happening({ ...o, now }, facts, same, { action: "remind", actor: null }));
      }
    },
  };
}
