import type { Role } from "@shared/enums";
import { count, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accounts, users } from "../../db/schema";

export interface NewAccount {
  name: string;
  email: string;
  role: Role;
  studentId?: string | null;
  passwordHash: string;
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
