import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { selectRow, selectRows } from "../../db/query";
import { defensePeople, defenses, rooms, terms, users } from "../../db/schema";

export type DefenseData = Pick<
  typeof defenses.$inferInsert,
  "startsAt" | "endsAt" | "roomId" | "onlineUrl" | "public" | "chairId"
>;

/** A defense as every read selects it: with its room's and chair's names and everyone booked. */
export interface DefenseRow {
  id: string;
  thesis_id: string;
  starts_at: string;
  ends_at: string;
  room_id: string | null;
  room_name: string | null;
  online_url: string | null;
  public: boolean;
  chair_id: string | null;
  chair_name: string | null;
  minutes: string;
  cancelled_at: string | null;
  /** Its invitations' iCalendar SEQUENCE. */
  sequence: number;
  people: { id: string; name: string }[];
}

const DEFENSE_SELECT = sql`
  select d.id, d.thesis_id, d.starts_at, d.ends_at, d.room_id, r.name as room_name, d.online_url, d.public,
         d.chair_id, c.name as chair_name, d.minutes, d.cancelled_at, d.sequence,
         coalesce((select json_agg(json_build_object('id', u.id, 'name', u.name) order by u.name, u.id)
                     from ${defensePeople} dp join ${users} u on u.id = dp.user_id
                    where dp.defense_id = d.id), '[]') as people
    from ${defenses} d
    left join ${rooms} r on r.id = d.room_id
    left join ${users} c on c.id = d.chair_id`;

export const selectDefense = (db: Db, id: string) =>
  selectRow<DefenseRow>(db, sql`${DEFENSE_SELECT} where d.id = ${id}`);

/** A thesis's active defense, if any. */
export const selectActiveDefense = (db: Db, thesisId: string) =>
  selectRow<DefenseRow>(
    db,
    sql`${DEFENSE_SELECT} where d.thesis_id = ${thesisId} and d.cancelled_at is null`,
  );

export async function termDefenseMinutes(db: Db, termId: string): Promise<number> {
  const [row] = await db.select({ m: terms.defenseMinutes }).from(terms).where(eq(terms.id, termId));
  return row.m;
}

export async function roomExists(db: Db, id: string): Promise<boolean> {
  return (await db.select({ id: rooms.id }).from(rooms).where(eq(rooms.id, id))).length > 0;
}

/** Whether the account is an active committee account: a chair must be (§18). */
export async function isActiveCommittee(db: Db, id: string): Promise<boolean> {
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, "committee"), isNull(users.deactivatedAt)));
  return found.length > 0;
}

export async function insertDefense(db: Db, thesisId: string, data: DefenseData): Promise<string> {
  const [row] = await db
    .insert(defenses)
    .values({ thesisId, ...data })
    .returning({ id: defenses.id });
  return row.id;
}

export async function updateDefense(db: Db, id: string, data: Partial<typeof defenses.$inferInsert>) {
  await db.update(defenses).set(data).where(eq(defenses.id, id));
}

/** Books the people for the defense's time, replacing any earlier booking of it (the exclusion constraint decides). */
export async function bookPeople(db: Db, defenseId: string, userIds: string[], startsAt: Date, endsAt: Date) {
  await db.delete(defensePeople).where(eq(defensePeople.defenseId, defenseId));
  if (userIds.length)
    await db.insert(defensePeople).values(userIds.map((userId) => ({ defenseId, userId, startsAt, endsAt })));
}

/** Cancels a thesis's active defense (its people freed), answering its id, or undefined when it had none. */
export async function cancelDefenseRow(db: Db, where: { id?: string; thesisId?: string }, now: Date) {
  const [row] = await db
    .update(defenses)
    .set({ cancelledAt: now, updatedAt: now, sequence: sql`${defenses.sequence} + 1` })
    .where(
      and(
        where.id ? eq(defenses.id, where.id) : eq(defenses.thesisId, where.thesisId ?? ""),
        isNull(defenses.cancelledAt),
      ),
    )
    .returning({ id: defenses.id });
  if (row) await db.delete(defensePeople).where(eq(defensePeople.defenseId, row.id));
  return row?.id;
}

export interface Busy {
  name: string;
  starts_at: string;
  ends_at: string;
}

const overlaps = (startsAt: Date, endsAt: Date) =>
  sql`tstzrange(${startsAt.toISOString()}::timestamptz, ${endsAt.toISOString()}::timestamptz, '[)')`;

/**
 * Who or what is already booked at this time, for the words of a 409 (the exclusion constraints
 * decided): the room first, else a person of the defense; `except` is the defense being moved.
 */
export async function selectBusy(
  db: Db,
  v: { roomId: string | null; userIds: string[]; startsAt: Date; endsAt: Date; except: string | null },
): Promise<Busy | undefined> {
  const range = overlaps(v.startsAt, v.endsAt);
  const other = v.except ? sql`and d.id <> ${v.except}` : sql``;
  if (v.roomId) {
    const room = await selectRow<Busy>(
      db,
      sql`select r.name, d.starts_at, d.ends_at from ${defenses} d join ${rooms} r on r.id = d.room_id
           where d.room_id = ${v.roomId} and d.cancelled_at is null
             and tstzrange(d.starts_at, d.ends_at, '[)') && ${range} ${other}
           order by d.starts_at limit 1`,
    );
    if (room) return room;
  }
  if (!v.userIds.length) return undefined;
  const [found] = await selectRows<Busy>(
    db,
    sql`select u.name, d.starts_at, d.ends_at from ${defensePeople} d join ${users} u on u.id = d.user_id
         where d.user_id in (${sql.join(
           v.userIds.map((id) => sql`${id}`),
           sql`, `,
         )})
           and tstzrange(d.starts_at, d.ends_at, '[)') && ${range} ${v.except ? sql`and d.defense_id <> ${v.except}` : sql``}
         order by d.starts_at, u.name limit 1`,
  );
  return found;
}

/** When these people are busy in [from, to), other than in the thesis's own defense (being moved). */
export function selectPeopleBusy(db: Db, userIds: string[], from: Date, to: Date, exceptThesisId: string) {
  if (!userIds.length) return Promise.resolve([]);
  return selectRows<{ starts_at: string; ends_at: string }>(
    db,
    sql`select dp.starts_at, dp.ends_at from ${defensePeople} dp join ${defenses} d on d.id = dp.defense_id
         where dp.user_id in (${sql.join(
           userIds.map((id) => sql`${id}`),
           sql`, `,
         )})
           and d.thesis_id <> ${exceptThesisId} and tstzrange(dp.starts_at, dp.ends_at, '[)') && ${overlaps(from, to)}`,
  );
}

/** Every room, by name, with its active defenses in [from, to) other than the thesis's own. */
export function selectRoomsBusy(db: Db, from: Date, to: Date, exceptThesisId: string) {
  return selectRows<{ id: string; name: string; busy: { starts_at: string; ends_at: string }[] }>(
    db,
    sql`select r.id, r.name,
               coalesce((select json_agg(json_build_object('starts_at', d.starts_at, 'ends_at', d.ends_at))
                           from ${defenses} d
                          where d.room_id = r.id and d.cancelled_at is null and d.thesis_id <> ${exceptThesisId}
                            and tstzrange(d.starts_at, d.ends_at, '[)') && ${overlaps(from, to)}), '[]') as busy
          from ${rooms} r order by lower(r.name), r.id`,
  );
}
