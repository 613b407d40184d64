import { MSG } from "@shared/messages";
import type { Room, RoomInput } from "@shared/schemas/rooms";
import type { Db } from "../../db/client";
import { ConflictError, NotFoundError, PG, pgErrorCode, uniqueConflict } from "../../lib/errors";
import { inTransaction, type RequestContext } from "../../lib/request-context";
import { recordIn } from "../activity/activity.repository";
import { deleteRoomRow, insertRoom, type RoomRow, selectRooms, updateRoomRow } from "./rooms.repository";

type RoomData = Required<RoomInput>;

const toRoomDto = (row: RoomRow): Room => ({
  id: row.id,
  name: row.name,
  capacity: row.capacity,
  notes: row.notes,
  createdAt: new Date(row.createdAt).toISOString(),
});

export async function listRooms(db: Db): Promise<Room[]> {
  return (await selectRooms(db)).map(toRoomDto);
}

/** Names are unique in any case; the unique index decides, so two simultaneous adds cannot both win. */
const nameConflict = uniqueConflict("name", MSG.roomNameTaken);

export async function createRoom(ctx: RequestContext, input: RoomData): Promise<Room> {
  return inTransaction(ctx, async (c) => {
    const row = await insertRoom(c.db, input);
    await recordIn(c, "room", "create", { subjectId: row.id, subjectName: row.name });
    return toRoomDto(row);
  }).catch(nameConflict);
}

export async function updateRoom(ctx: RequestContext, id: string, input: RoomData): Promise<Room> {
  const row = await inTransaction(ctx, async (c) => {
    const updated = await updateRoomRow(c.db, id, input);
    if (updated) await recordIn(c, "room", "update", { subjectId: id, subjectName: updated.name });
    return updated;
  }).catch(nameConflict);
  if (!row) throw new NotFoundError(MSG.roomNotFound);
  return toRoomDto(row);
}

/** A room a defense names (kept cancelled ones too, decision 0073) stays: the foreign key decides. */
export async function deleteRoom(ctx: RequestContext, id: string): Promise<void> {
  const row = await inTransaction(ctx, async (c) => {
    const deleted = await deleteRoomRow(c.db, id);
    if (deleted) await recordIn(c, "room", "delete", { subjectId: id, subjectName: deleted.name });
    return deleted;
  }).catch((err) => {
    const code = pgErrorCode(err);
    if (code === PG.foreignKeyViolation || code === PG.restrictViolation)
      throw new ConflictError(MSG.roomHasDefenses);
    throw err;
  });
  if (!row) throw new NotFoundError(MSG.roomNotFound);
}
