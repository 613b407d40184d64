import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rooms } from "../../db/schema";

export type RoomRow = typeof rooms.$inferSelect;
type RoomData = { name: string; capacity: number; notes: string };

/** Every room, by name. A department has tens of rooms. */
export function selectRooms(db: Db): Promise<RoomRow[]> {
  return db
    .select()
    .from(rooms)
    .orderBy(asc(sql`lower(${rooms.name})`), asc(rooms.id));
}

export async function selectRoom(db: Db, id: string): Promise<RoomRow | undefined> {
  const [row] = await db.select().from(rooms).where(eq(rooms.id, id));
  return row;
}

export async function insertRoom(db: Db, input: RoomData): Promise<RoomRow> {
  const [row] = await db.insert(rooms).values(input).returning();
  return row;
}

export async function updateRoomRow(db: Db, id: string, input: RoomData): Promise<RoomRow | undefined> {
  const [row] = await db.update(rooms).set(input).where(eq(rooms.id, id)).returning();
  return row;
}

export async function deleteRoomRow(db: Db, id: string): Promise<RoomRow | undefined> {
  const [row] = await db.delete(rooms).where(eq(rooms.id, id)).returning();
  return row;
}
