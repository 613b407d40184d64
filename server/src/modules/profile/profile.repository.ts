import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";

export async function updateUserName(db: Db, id: string, name: string) {
  const [row] = await db
    .update(users)
    .set({ name, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/**
 * Points the user at a new picture and returns the one it replaced (the row is locked first, so
 * two uploads at once each see the other's); the caller provides the transaction. A picture still
 * waiting on disk to be moved in (picture_key) is replaced too.
 */
export async function swapPicture(db: Db, id: string, fileId: string): Promise<string | null> {
  const [old] = await db
    .select({ fileId: users.pictureId })
    .from(users)
    .where(eq(users.id, id))
    .for("update")
    .limit(1);
  await db
    .update(users)
    .set({ pictureId: fileId, pictureKey: null, updatedAt: sql`now()` })
    .where(eq(users.id, id));
  return old?.fileId ?? null;
}

export async function updateEmailNotifications(db: Db, id: string, on: boolean) {
  const [row] = await db
    .update(users)
    .set({ emailNotifications: on, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row;
}
