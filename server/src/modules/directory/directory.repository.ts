import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { int, selectRows } from "../../db/query";
import { supervisorCells, users } from "../../db/schema";
import { matchesSearch } from "../../db/search";

/** The supervisors assigned to a cell, by name (served by supervisor_cells_cell_idx). */
export function supervisorsOfCell(db: Db, cellId: string) {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(supervisorCells)
    .innerJoin(users, eq(users.id, supervisorCells.supervisorId))
    .where(and(eq(supervisorCells.researchCellId, cellId), eq(users.role, "supervisor")))
    .orderBy(asc(users.name), asc(users.id));
}

/**
 * Students other than `exceptId` whose name or student ID `q` finds (DESIGN.md §14: the start of
 * a word of the name or of the student ID; never the email), by name; with no `q`, the first by
 * name (users_role_name_idx). The matches are gathered through users_search_idx and sorted, as
 * the committee's search does (users.repository.ts).
 */
export function searchStudents(db: Db, exceptId: string, q: string, limit: number) {
  const students = sql`select u.id, u.name, u.student_id from ${users} u where u.role = 'student' and u.id <> ${exceptId}`;
  return selectRows<{ id: string; name: string; studentId: string | null }>(
    db,
    q
      ? sql`with found as materialized (${students} and ${matchesSearch("u", q, "nameOrStudentId")})
            select id, name, student_id as "studentId" from found order by name, id limit ${int(limit)}`
      : sql`select id, name, student_id as "studentId" from (${students} order by u.name, u.id limit ${int(limit)}) s`,
  );
}
