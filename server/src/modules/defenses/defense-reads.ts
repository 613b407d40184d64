import { LIMITS } from "@shared/limits";
import { MSG } from "@shared/messages";
import type { DefenseList, DefenseListItem, defenseListQuery } from "@shared/schemas/defenses";
import type { z } from "zod";
import { iso } from "../../db/query";
import { NotFoundError } from "../../lib/errors";
import { icsCalendar } from "../../lib/ics";
import type { RequestContext } from "../../lib/request-context";
import type { SessionUser } from "../../plugins/auth";
import { thesisFor } from "../theses/thesis-transition";
import { selectDefenseList } from "./defense-list.repository";
import { defenseEvent } from "./defense-tell";
import { selectActiveDefense } from "./defenses.repository";

const DAY_MS = 86_400_000;

/** GET /api/defenses: the committee's defenses of any term in a range (decision 0078). */
export async function listDefenses(
  c: RequestContext<SessionUser>,
  q: z.output<typeof defenseListQuery>,
): Promise<DefenseList> {
  const from = q.from ? new Date(q.from) : c.now;
  const to = q.to ? new Date(q.to) : new Date(from.getTime() + LIMITS.defenseRangeDaysMax * DAY_MS);
  const rows = await selectDefenseList(
    c.db,
    { from, to, roomId: q.roomId, personId: q.personId },
    LIMITS.defenseListMax + 1,
  );
  const items = rows.slice(0, LIMITS.defenseListMax).map(
    (d): DefenseListItem => ({
      id: d.id,
      thesisId: d.thesis_id,
      title: d.title,
      startsAt: iso(d.starts_at),
      endsAt: iso(d.ends_at),
      room: d.room_id ? { id: d.room_id, name: d.room_name ?? "" } : null,
      onlineUrl: d.online_url,
      public: d.public,
      people: d.people,
    }),
  );
  return { from: from.toISOString(), to: to.toISOString(), items, more: rows.length > LIMITS.defenseListMax };
}

/**
 * GET /api/theses/:id/defense.ics: the thesis's active defense as a calendar to add (PUBLISH, the
 * UID and SEQUENCE of its emailed invitations), to everyone who may see the thesis; 404 otherwise
 * and when it has none.
 */
export async function defenseIcs(c: RequestContext<SessionUser>, thesisId: string): Promise<string> {
  const { thesis } = await thesisFor(c.db, thesisId, c.by).catch((err) => {
    throw err instanceof NotFoundError ? new NotFoundError(MSG.defenseNotFound) : err;
  });
  const d = await selectActiveDefense(c.db, thesis.id);
  if (!d) throw new NotFoundError(MSG.defenseNotFound);
  return icsCalendar([defenseEvent(d, thesis.title, c)], { method: "PUBLISH", stamp: c.now });
}
