import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { selectRows } from "../../db/query";
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
 * name (users_role_name_idx).
 */
export function searchStudents(db: Db, exceptId: string, q: string, limit: number) {
  return selectRows<{ id: string; name: string; studentId: string | null }>(
    db,
    sql`select u.id, u.name, u.student_id as "studentId" from ${users} u
         where u.role = 'student' and u.id <> ${exceptId}${q ? sql` and ${matchesSearch("u", q, "nameOrStudentId")}` : sql``}
         order by u.name, u.id limit ${limit}`,
  );
}
