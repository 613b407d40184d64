import { LIMITS } from "@shared/limits";
import { MSG } from "@shared/messages";
import type { DefenseList, DefenseListItem, defenseListQuery } from "@shared/schemas/defenses";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import { iso, selectRows } from "../../db/query";
import { defensePeople, defenses, proposals, rooms, theses, users } from "../../db/schema";
import { NotFoundError } from "../../lib/errors";
import { icsCalendar } from "../../lib/ics";
import type { RequestContext } from "../../lib/request-context";
import type { SessionUser } from "../../plugins/auth";
import { thesisFor } from "../theses/thesis-transition";
import { defenseEvent } from "./defense-tell";
import { selectActiveDefense } from "./defenses.repository";

const DAY_MS = 86_400_000;
/** A defense lasts at most this long (the duration's bound, §23): the index reads starts from `from` less it. */
const LONGEST_MS = 480 * 60_000;

interface ListRow {
  id: string;
  thesis_id: string;
  title: string;
  starts_at: string;
  ends_at: string;
  room_id: string | null;
  room_name: string | null;
  online_url: string | null;
  public: boolean;
  people: DefenseListItem["people"];
}

/**
 * The active defenses that overlap [from, to), by start, at most `limit` (one statement; the
 * partial index on the active defenses' starts bounds it: no defense is longer than LONGEST_MS).
 * Each with its people, each once: booked (members, examiners, the chair) and the supervisor.
 */
function selectDefenseList(
  c: RequestContext,
  f: { from: Date; to: Date; roomId?: string; personId?: string },
  limit: number,
) {
  const room = f.roomId ? sql`and d.room_id = ${f.roomId}` : sql``;
  const person = f.personId
    ? sql`and (p.supervisor_id = ${f.personId}
               or exists (select 1 from ${defensePeople} x where x.defense_id = d.id and x.user_id = ${f.personId}))`
    : sql``;
  return selectRows<ListRow>(
    c.db,
    sql`select d.id, d.thesis_id, p.title, d.starts_at, d.ends_at, d.room_id, r.name as room_name,
               d.online_url, d.public,
               coalesce((select json_agg(json_build_object('id', u.id, 'name', u.name, 'role', e.role)
                                         order by e.rank, u.name, u.id)
                           from (select dp.user_id,
                                        case when dp.user_id = d.chair_id then 'chair'
                                             when dp.user_id in (th.first_examiner_id, th.second_examiner_id) then 'examiner'
                                             else 'member' end as role,
                                        case when dp.user_id = d.chair_id then 3
                                             when dp.user_id in (th.first_examiner_id, th.second_examiner_id) then 2
                                             else 1 end as rank
                                   from ${defensePeople} dp where dp.defense_id = d.id
                                 union all
                                 select p.supervisor_id, 'supervisor', 4
                                  where p.supervisor_id is not null
                                    and not exists (select 1 from ${defensePeople} s
                                                     where s.defense_id = d.id and s.user_id = p.supervisor_id)) e
                           join ${users} u on u.id = e.user_id), '[]') as people
          from ${defenses} d
          join ${theses} th on th.id = d.thesis_id
          join ${proposals} p on p.id = th.proposal_id
          left join ${rooms} r on r.id = d.room_id
         where d.cancelled_at is null
           and d.starts_at < ${f.to.toISOString()}::timestamptz
           and d.starts_at > ${new Date(f.from.getTime() - LONGEST_MS).toISOString()}::timestamptz
           and d.ends_at > ${f.from.toISOString()}::timestamptz
           ${room} ${person}
         order by d.starts_at, d.id
         limit ${limit}`,
  );
}

/** GET /api/defenses: the committee's defenses of any term in a range (decision 0078). */
export async function listDefenses(
  c: RequestContext<SessionUser>,
  q: z.output<typeof defenseListQuery>,
): Promise<DefenseList> {
  const from = q.from ? new Date(q.from) : c.now;
  const to = q.to ? new Date(q.to) : new Date(from.getTime() + LIMITS.defenseRangeDaysMax * DAY_MS);
  const rows = await selectDefenseList(
    c,
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
