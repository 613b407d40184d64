import { activityWhat, SCHEDULER_NAME } from "@shared/activity";
import { LIMITS } from "@shared/limits";
import type { ActivityItem, ActivityPage, activityQuery } from "@shared/schemas/life";
import { DAY_MS, formatInZone, wallToUtc } from "@shared/time";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { counted, iso, pageWindow } from "../../db/query";
import type { SessionUser } from "../../plugins/auth";
import type { CsvExport, CsvValue } from "../committee/csv";
import { factsToRead } from "../proposals/transition";
import {
  type ActivityFilter,
  type ActivityRow,
  selectActivityBefore,
  selectActivityPage,
  selectTimeline,
} from "./activity.repository";

/** A row of the log as the API answers it, built in one place. */
export function toActivityItem(r: ActivityRow): ActivityItem {
  return {
    id: Number(r.id),
    at: iso(r.at),
    actor: r.actor_id ? { id: r.actor_id, name: r.actor_name ?? "" } : null,
    kind: r.kind,
    action: r.action,
    proposal: r.proposal_id ? { id: r.proposal_id, title: r.proposal_title ?? "" } : null,
    subject: r.subject_name ? { id: r.subject_id, name: r.subject_name } : null,
    from: r.from_status,
    to: r.to_status,
    note: r.note,
  };
}

/** A proposal's timeline, to those who may read it (404 otherwise; an invitee may not, DESIGN.md §9). */
export async function proposalTimeline(db: Db, user: SessionUser, proposalId: string) {
  await factsToRead(db, proposalId, user, "timeline");
  return (await selectTimeline(db, proposalId, user.role === "student")).map(toActivityItem);
}

type Query = z.output<typeof activityQuery>;

/** The days asked for, in the department's zone, as instants: from the first day's start to after the last. */
export function activityFilter(q: Omit<Query, "page" | "pageSize">, timeZone: string): ActivityFilter {
  const start = (day: string) => wallToUtc(`${day}T00:00`, timeZone) ?? undefined;
  return {
    personId: q.personId,
    kind: q.kind,
    fromAt: q.from ? start(q.from) : undefined,
    toAt: q.to
      ? start(new Date(Date.parse(`${q.to}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10))
      : undefined,
  };
}

export async function activityPage(db: Db, q: Query, timeZone: string): Promise<ActivityPage> {
  const { limit, offset, cap } = pageWindow(q, LIMITS.listCountMax);
  const page = await selectActivityPage(db, activityFilter(q, timeZone), limit, offset, cap);
  return { items: page.rows.map(toActivityItem), ...counted(page.total, cap) };
}

const COLUMNS = ["Time", "Who", "What", "Kind", "Proposal", "Concerning", "From", "To", "Note"];
const BATCH = 500;

/** GET /api/activity.csv: the log, newest first. */
export const activityExport = (db: Db, q: Omit<Query, "page" | "pageSize">, timeZone: string): CsvExport => ({
  file: "activity",
  columns: COLUMNS,
  batches: activityRecords(db, q, timeZone),
});

/** The log's records, in keyset batches. */
async function* activityRecords(db: Db, q: Omit<Query, "page" | "pageSize">, timeZone: string) {
  const filter = activityFilter(q, timeZone);
  let before: number | undefined;
  for (;;) {
    const rows = await selectActivityBefore(db, filter, before, BATCH);
    yield rows.map((r): CsvValue[] => [
      formatInZone(iso(r.at), timeZone),
      r.actor_name ?? SCHEDULER_NAME,
      activityWhat({
        kind: r.kind,
        action: r.action,
        actorId: r.actor_id,
        subjectId: r.subject_id,
        subjectName: r.subject_name,
      }),
      r.kind,
      r.proposal_title,
      r.subject_name,
      r.from_status,
      r.to_status,
      r.note,
    ]);
    if (rows.length < BATCH) return;
    before = Number(rows[rows.length - 1].id);
  }
}
