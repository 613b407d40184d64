import type { Role } from "@shared/enums";
import { and, count, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { int } from "../../db/query";
import { accounts, sessions, users } from "../../db/schema";

export interface NewAccount {
  name: string;
  email: string;
  role: Role;
  studentId?: string | null;
  passwordHash: string;
  /** A student's own registration (DESIGN.md §19: not an Internal reader until verified at an allowed domain). */
  selfRegistered?: boolean;
}

/** Inserts the user and its credential account; the caller provides the transaction. */
export async function insertAccount(db: Db, input: NewAccount) {
  const [user] = await db
    .insert(users)
    .values({
      name: input.name,
      email: input.email,
      role: input.role,
      studentId: input.studentId ?? null,
      selfRegistered: input.selfRegistered ?? false,
    })
    .returning();
  await db.insert(accounts).values({
    userId: user.id,
    accountId: user.id,
    providerId: "credential",
    password: input.passwordHash,
  });
  return user;
}

export async function countByRole(db: Db, role: Role): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.role, role));
  return Number(row.n);
}

export async function findUserById(db: Db, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Whether the account has a password (an imported one has none until its link is used). */
export async function hasPassword(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")))
    .limit(1);
  return !!row;
}

/** Locks the person's row for the rest of the transaction (what orders their password links). */
export async function lockUser(tx: Db, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
}

/** The email counts as verified: a link sent to it reached the person. */
export async function markEmailVerified(db: Db, userId: string) {
  await db.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
}

/** Whether the account is deactivated (false for an unknown one). */
export async function isDeactivatedUser(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ deactivatedAt: users.deactivatedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return !!row?.deactivatedAt;
}

/** Deletes the person's sessions beyond their newest `keep` (newest by creation, then id). */
export async function deleteSessionsBeyond(db: Db, userId: string, keep: number) {
  await db.execute(
    sql`delete from ${sessions} where id in (
          select id from ${sessions} where user_id = ${userId}
           order by created_at desc, id desc offset ${int(keep)})`,
  );
}

/** The token of a session that has not expired at `now`, or undefined for an ended one. */
export async function liveSessionToken(db: Db, sessionId: string, now: Date): Promise<string | undefined> {
  const [row] = await db
    .select({ token: sessions.token })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, now)))
    .limit(1);
  return row?.token;
}
