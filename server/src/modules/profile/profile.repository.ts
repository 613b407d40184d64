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

/** Sets the user's picture key and returns the one it replaced; the caller provides the transaction. */
export async function swapPictureKey(db: Db, id: string, key: string): Promise<string | null> {
  const [old] = await db
    .select({ key: users.pictureKey })
    .from(users)
    .where(eq(users.id, id))
    .for("update")
    .limit(1);
  await db.update(users).set({ pictureKey: key, updatedAt: sql`now()` }).where(eq(users.id, id));
  return old?.key ?? null;
}

export async function updateEmailNotifications(db: Db, id: string, on: boolean) {
  const [row] = await db
    .update(users)
    .set({ emailNotifications: on, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row;
}
