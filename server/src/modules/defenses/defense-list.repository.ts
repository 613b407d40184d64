import type { DefenseListItem } from "@shared/schemas/defenses";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { selectRows } from "../../db/query";
import { defensePeople, defenses, proposals, rooms, theses, users } from "../../db/schema";
import type { DefenseRow } from "./defenses.repository";

/** A defense lasts at most this long (the duration's bound, §23): the index reads starts from `from` less it. */
const LONGEST_MS = 480 * 60_000;

/** A defense as the committee's list reads it: the defense's own columns, its thesis's title, its people by role. */
type ListRow = Pick<
  DefenseRow,
  "id" | "thesis_id" | "starts_at" | "ends_at" | "room_id" | "room_name" | "online_url" | "public"
> & { title: string; people: DefenseListItem["people"] };

/**
 * The active defenses that overlap [from, to), by start, at most `limit` (one statement; the
 * partial index on the active defenses' starts bounds it: no defense is longer than LONGEST_MS).
 * Each with its people, each once: booked (members, examiners, the chair) and the supervisor.
 */
export function selectDefenseList(
  db: Db,
  f: { from: Date; to: Date; roomId?: string; personId?: string },
  limit: number,
) {
  const room = f.roomId ? sql`and d.room_id = ${f.roomId}` : sql``;
  const person = f.personId
    ? sql`and (p.supervisor_id = ${f.personId}
               or exists (select 1 from ${defensePeople} x where x.defense_id = d.id and x.user_id = ${f.personId}))`
    : sql``;
  return selectRows<ListRow>(
    db,
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
