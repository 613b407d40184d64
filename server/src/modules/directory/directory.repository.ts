import { and, asc, eq, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { containsPattern } from "../../db/like";
import { supervisorCells, users } from "../../db/schema";

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
 * Students other than `exceptId` whose name or student ID contains `q` (any case), by name.
 * Walks users_role_name_idx in name order and stops at `limit` matches.
 */
export function searchStudents(db: Db, exceptId: string, q: string, limit: number) {
  const pattern = containsPattern(q);
  return db
    .select({ id: users.id, name: users.name, studentId: users.studentId })
    .from(users)
    .where(
      and(
        eq(users.role, "student"),
        ne(users.id, exceptId),
        q ? or(sql`${users.name} ilike ${pattern}`, sql`${users.studentId} ilike ${pattern}`) : undefined,
      ),
    )
    .orderBy(asc(users.name), asc(users.id))
    .limit(limit);
}
