import { STUDENT_SEARCH_LIMIT, type StudentSearch, type SupervisorList } from "@shared/schemas/directory";
import type { Db } from "../../db/client";
import type { SessionUser } from "../../plugins/auth";
import { searchStudents, supervisorsOfCell } from "./directory.repository";

export async function listSupervisorsOfCell(db: Db, cellId: string): Promise<SupervisorList> {
  return { items: await supervisorsOfCell(db, cellId) };
}

/**
 * The group picker: other students by name or student ID; never the caller, never emails. One who
 * holds their place in the current term is listed too, as `inGroup`, so the picker shows them
 * greyed with the reason rather than leaving the person to wonder where they went (decision 0055).
 */
export async function findStudents(db: Db, user: SessionUser, q: string): Promise<StudentSearch> {
  const found = await searchStudents(db, user.id, q, STUDENT_SEARCH_LIMIT);
  return {
    items: found.map(({ inGroup, ...s }) => ({ ...s, unavailable: inGroup ? ("inGroup" as const) : null })),
  };
}
