import type { Role } from "@shared/enums";
import { MSG } from "@shared/messages";
import type { Db } from "../../db/client";
import { transaction } from "../../db/query";
import { ConflictError, PG, pgConstraint, pgErrorCode } from "../../lib/errors";
import { hashPassword } from "../../lib/password";
import { recordActivity } from "../activity/activity.repository";
import { insertAccount } from "./accounts.repository";

export interface CreateAccountInput {
  name: string;
  email: string;
  password: string;
  role: Role;
  studentId?: string | null;
  selfRegistered?: boolean;
}

export type AccountRow = Awaited<ReturnType<typeof insertAccount>>;

/**
 * Creates a user with a password login. Uniqueness is left to the database's unique
 * indexes, so two simultaneous sign-ups with one email cannot both succeed; the loser
 * gets a 409 that names the field. `inTransaction` lets callers add work (the outbox)
 * to the same transaction.
 */
export async function createAccount(
  db: Db,
  input: CreateAccountInput,
  inTransaction?: (tx: Db, user: AccountRow) => Promise<void>,
): Promise<AccountRow> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await transaction(db, async (tx) => {
      const user = await insertAccount(tx, { ...input, passwordHash });
      if (inTransaction) await inTransaction(tx, user);
      return user;
    });
  } catch (err) {
    if (pgErrorCode(err) === PG.uniqueViolation) {
      const constraint = pgConstraint(err);
      if (constraint === "users_student_id_uq")
        throw new ConflictError(MSG.studentIdTaken, { studentId: MSG.studentIdTaken });
      throw new ConflictError(MSG.emailTaken, { email: MSG.emailTaken });
    }
    throw err;
  }
}

/**
 * Records an account its owner made: a student's registration or single sign-on, or the first
 * committee account at setup (the committee's own additions and imports record theirs).
 */
export const recordOwnAccount = (
  db: Db,
  user: { id: string; name: string },
  action: "register" | "setup",
  at: Date,
  note?: string,
) =>
  recordActivity(db, {
    actorId: user.id,
    kind: "account",
    action,
    subjectId: user.id,
    subjectName: user.name,
    note,
    at,
  });
