import type { Role } from "@shared/enums";
import type { SortOrder, UserSort } from "@shared/schemas/users";
import { and, asc, count, desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { proposals, researchCells, supervisorCells, users } from "../../db/schema";

/** A LIKE pattern that matches `q` anywhere, with LIKE's own wildcards taken literally. */
export const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** role = … and (name, email or student ID contains q, in any case). */
export function peopleFilter(role: Role, q?: string): SQL {
  const conditions: (SQL | undefined)[] = [eq(users.role, role)];
  if (q) {
    const p = containsPattern(q);
    conditions.push(
      or(sql`${users.name} ilike ${p}`, sql`${users.email} ilike ${p}`, sql`${users.studentId} ilike ${p}`),
    );
  }
  return and(...conditions) as SQL;
}

const SORT_COLUMNS = {
  name: users.name,
  email: users.email,
  studentId: users.studentId,
  createdAt: users.createdAt,
} as const;

const personColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  studentId: users.studentId,
  pictureKey: users.pictureKey,
  createdAt: users.createdAt,
};
export type PersonRow = {
  id: string;
  name: string;
  email: string;
  role: Role;
  studentId: string | null;
  pictureKey: string | null;
  createdAt: Date;
};

export interface PeoplePage {
  role: Role;
  q?: string;
  sort: UserSort;
  order: SortOrder;
  limit: number;
  offset: number;
}

/**
 * One page of people of a role; name order walks users_role_name_idx. A search has to read
 * every row of the role anyway, so it counts the matches in the same pass (`total`); without
 * one, `total` is null and the caller counts through the index.
 */
export async function selectPeoplePage(
  db: Db,
  p: PeoplePage,
): Promise<{ rows: PersonRow[]; total: number | null }> {
  const where = peopleFilter(p.role, p.q);
  const dir = p.order === "desc" ? desc : asc;
  const column = SORT_COLUMNS[p.sort];
  const primary =
    p.sort === "studentId"
      ? sql`${column} ${sql.raw(p.order === "desc" ? "desc" : "asc")} nulls last`
      : dir(column);
  const order = [primary, dir(users.id)];
  if (!p.q) {
    const rows = await db
      .select(personColumns)
      .from(users)
      .where(where)
      .orderBy(...order)
      .limit(p.limit)
      .offset(p.offset);
    return { rows, total: null };
  }
  const rows = await db
    .select({ ...personColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(users)
    .where(where)
    .orderBy(...order)
    .limit(p.limit)
    .offset(p.offset);
  // An empty first page means no match; an empty later page has no row to carry the count.
  return { rows, total: rows.length ? rows[0].total : p.offset === 0 ? 0 : null };
}

export async function countPeople(db: Db, role: Role, q?: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(peopleFilter(role, q));
  return Number(row.n);
}

/** Keyset batch for exports: people after (name, id), by name. */
export async function selectPeopleAfter(
  db: Db,
  role: Role,
  q: string | undefined,
  after: { name: string; id: string } | undefined,
  limit: number,
): Promise<PersonRow[]> {
  const cursor = after ? sql`(${users.name}, ${users.id}) > (${after.name}, ${after.id})` : undefined;
  return db
    .select(personColumns)
    .from(users)
    .where(and(peopleFilter(role, q), cursor))
    .orderBy(asc(users.name), asc(users.id))
    .limit(limit);
}

/** The cells of the given supervisors, by title. */
export async function selectCellsOfSupervisors(db: Db, supervisorIds: string[]) {
  if (!supervisorIds.length) return [];
  return db
    .select({ supervisorId: supervisorCells.supervisorId, id: researchCells.id, title: researchCells.title })
    .from(supervisorCells)
    .innerJoin(researchCells, eq(researchCells.id, supervisorCells.researchCellId))
    .where(inArray(supervisorCells.supervisorId, supervisorIds))
    .orderBy(asc(researchCells.title));
}

export async function selectUserRole(db: Db, id: string): Promise<Role | undefined> {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, id)).limit(1);
  return row?.role;
}

export async function cellExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: researchCells.id })
    .from(researchCells)
    .where(eq(researchCells.id, id))
    .limit(1);
  return !!row;
}

/** Inserts the link unless it exists; the primary key settles simultaneous requests. */
export async function insertAssignment(
  db: Db,
  supervisorId: string,
  researchCellId: string,
): Promise<boolean> {
  const rows = await db
    .insert(supervisorCells)
    .values({ supervisorId, researchCellId })
    .onConflictDoNothing()
    .returning({ supervisorId: supervisorCells.supervisorId });
  return rows.length > 0;
}

/** Locks the link for the rest of the transaction, so nothing changes it while we decide. */
export async function lockAssignment(db: Db, supervisorId: string, researchCellId: string): Promise<boolean> {
  const rows = await db
    .select({ supervisorId: supervisorCells.supervisorId })
    .from(supervisorCells)
    .where(
      and(eq(supervisorCells.supervisorId, supervisorId), eq(supervisorCells.researchCellId, researchCellId)),
    )
    .for("update");
  return rows.length > 0;
}

export async function hasPendingInCell(
  db: Db,
  supervisorId: string,
  researchCellId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: proposals.id })
    .from(proposals)
    .where(
      and(
        eq(proposals.supervisorId, supervisorId),
        eq(proposals.status, "Pending"),
        eq(proposals.researchCellId, researchCellId),
      ),
    )
    .limit(1);
  return !!row;
}

export async function deleteAssignment(db: Db, supervisorId: string, researchCellId: string) {
  await db
    .delete(supervisorCells)
    .where(
      and(eq(supervisorCells.supervisorId, supervisorId), eq(supervisorCells.researchCellId, researchCellId)),
    );
}
