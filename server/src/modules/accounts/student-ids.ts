import { studentIdKey } from "@shared/schemas/auth";
import type { Db } from "../../db/client";
import { transaction } from "../../db/query";
import { ConflictError, NotFoundError, PG, pgErrorCode, ValidationError } from "../../lib/errors";
import {
  lockAccountByEmail,
  lockStudentIdChanges,
  selectSharedStudentIds,
  selectStudentIdOwners,
  updateStudentId,
} from "./student-ids.repository";

export interface StudentIdOwner {
  id: string;
  email: string;
  studentId: string;
  /** studentIdKey(studentId): what it is compared by. */
  key: string;
}

/**
 * Every account that holds one of `studentIds` in any case: the one judgement of "the same
 * student ID" that single sign-on, the import and the CLI share, and that registration shares
 * through the unique index on the same form (lower(student_id), migration 0018). Reads only
 * columns every release had, so the CLI can use it on a database whose migration to that index
 * is blocked by IDs that clash (there may then be several owners of one key).
 */
export async function studentIdOwners(db: Db, studentIds: string[]): Promise<StudentIdOwner[]> {
  if (!studentIds.length) return [];
  const rows = await selectStudentIdOwners(db, [...new Set(studentIds.map(studentIdKey))]);
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    studentId: r.student_id,
    key: studentIdKey(r.student_id),
  }));
}

const UNDEFINED_TABLE = "42P01";

const taken = (studentId: string, owners: { email: string; studentId: string }[]) =>
  new ConflictError(
    `The student ID ${studentId} already belongs to ${owners
      .map((o) => (o.studentId === studentId ? o.email : `${o.email} (as ${o.studentId})`))
      .join(", ")}: student IDs are the same in any case. Choose another, or change theirs first.`,
  );

/**
 * `npm run cli -- set-student-id`: gives the student with `email` the student ID `studentId`,
 * refusing one another account holds in any case. Touches only columns every release had, so it
 * runs on a database whose migration is blocked by student IDs that clash (migration 0018), and
 * says which clashes are left. Returns what it did, for the operator.
 */
export async function setStudentId(db: Db, email: string, studentId: string): Promise<string> {
  try {
    return await transaction(db, async (tx) => {
      await lockStudentIdChanges(tx);
      const account = await lockAccountByEmail(tx, email);
      if (!account) throw new NotFoundError(`No account has the email ${email}.`);
      if (account.role !== "student")
        throw new ValidationError(`${email} is a ${account.role} account: only students have a student ID.`);
      const others = (await studentIdOwners(tx, [studentId])).filter((o) => o.id !== account.id);
      if (others.length) throw taken(studentId, others);
      if (account.student_id === studentId) return `${email} already has the student ID ${studentId}.`;
      await updateStudentId(tx, account.id, studentId);
      const left = await selectSharedStudentIds(tx);
      const done = `The student ID of ${email} is now ${studentId} (it was ${account.student_id ?? "empty"}).`;
      return left.length
        ? `${done}\nStill shared by more than one account (fix these too before starting ThesisDesk): ${left
            .map((r) => r.ids)
            .join("; ")}`
        : done;
    });
  } catch (err) {
    // Someone (a registration, once the index is in place) took it since the check.
    if (pgErrorCode(err) === PG.uniqueViolation)
      throw taken(studentId, await studentIdOwners(db, [studentId]));
    if (pgErrorCode(err) === UNDEFINED_TABLE)
      throw new ValidationError("This database has no accounts yet: start ThesisDesk once, then try again.");
    throw err;
  }
}
