import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { selectRow, selectRows } from "../../db/query";

/*
 * Student IDs' statements. They read and write only columns every release had, so the CLI's
 * set-student-id runs on a database whose migration to the lower(student_id) index (0018) is
 * blocked by IDs that clash.
 */

/** The accounts holding any of these keys (studentIdKey: lower-cased), oldest first. */
export const selectStudentIdOwners = (db: Db, keys: string[]) =>
  selectRows<{ id: string; email: string; student_id: string }>(
    db,
    sql`select id, lower(email) as email, student_id from users
         where student_id is not null
           and lower(student_id) in (select json_array_elements_text(${JSON.stringify(keys)}::json))
         order by created_at, id`,
  );

/** Keeps two runs of the command from giving one student ID to two accounts (before migration 0018's index). */
const SET_STUDENT_ID_LOCK = 727_028;

/** Takes the command's lock for the rest of the transaction. */
export async function lockStudentIdChanges(tx: Db) {
  await tx.execute(sql`select pg_advisory_xact_lock(${SET_STUDENT_ID_LOCK})`);
}

/** The account with this (lower-cased) email, its row locked for the transaction. */
export const lockAccountByEmail = (tx: Db, email: string) =>
  selectRow<{ id: string; role: string; student_id: string | null }>(
    tx,
    sql`select id, role::text as role, student_id from users where lower(email) = ${email} for update`,
  );

export async function updateStudentId(tx: Db, userId: string, studentId: string) {
  await tx.execute(sql`update users set student_id = ${studentId}, updated_at = now() where id = ${userId}`);
}

/** The student IDs more than one account holds in any case, each group as "A, a", by key. */
export const selectSharedStudentIds = (db: Db) =>
  selectRows<{ ids: string }>(
    db,
    sql`select string_agg(student_id, ', ' order by student_id) as ids from users
         where student_id is not null group by lower(student_id) having count(*) > 1
         order by lower(student_id)`,
  );
