import type { Role } from "@shared/enums";
import type { CellRef, SortOrder, UserSort } from "@shared/schemas/users";
import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { countUpTo, int, selectRow, selectRows } from "../../db/query";
import { proposals, researchCells, supervisorCells, users } from "../../db/schema";
import { matchesSearch } from "../../db/search";

/** People of a role, and when `q` is given, matching it (DESIGN.md §14, `server/src/db/search.ts`). */
function peopleWhere(role: Role, q: string | undefined): SQL {
  return sql`u.role = ${ROLE_LITERAL[role]}${q ? sql` and ${matchesSearch("u", q, "any")}` : sql``}`;
}

export interface PeoplePage {
  role: Role;
  q?: string;
  sort: UserSort;
  order: SortOrder;
  limit: number;
  offset: number;
  /** Count no further than this. */
  cap: number;
}

/** The page's sort over the table aliased `table`, the id breaking ties: a walk of the sort's index. */
const SORT_COLUMNS: Record<UserSort, string> = {
  name: "name",
  email: "email",
  studentId: "student_id",
  createdAt: "created_at",
};
function pageOrder(sort: UserSort, order: SortOrder, table: string): SQL {
  const dir = order === "desc" ? "desc" : "asc";
  return sql.raw(`${table}.${SORT_COLUMNS[sort]} ${dir}, ${table}.id ${dir}`);
}

/** The role as a literal, so each role's statement is planned with its own statistics. */
const ROLE_LITERAL: Record<Role, SQL> = {
  student: sql.raw("'student'"),
  supervisor: sql.raw("'supervisor'"),
  committee: sql.raw("'committee'"),
};

/** A person's row: the columns of `users` the people lists and the committee's tools read. */
export type PersonRow = Pick<
  typeof users.$inferSelect,
  "id" | "name" | "email" | "role" | "studentId" | "pictureId" | "createdAt" | "deactivatedAt"
>;

/** A person's columns over `users u`, and their row as read. */
const PERSON_COLUMNS = sql.raw(
  "u.id, u.name, u.email, u.role, u.student_id, u.picture_id, u.created_at, u.deactivated_at",
);
type PersonColumns = {
  id: string;
  name: string;
  email: string;
  role: Role;
  student_id: string | null;
  picture_id: string | null;
  created_at: string;
  deactivated_at: string | null;
};
const toPersonRow = (r: PersonColumns): PersonRow => ({
  id: r.id,
  name: r.name,
  email: r.email,
  role: r.role,
  studentId: r.student_id,
  pictureId: r.picture_id,
  createdAt: new Date(r.created_at),
  deactivatedAt: r.deactivated_at ? new Date(r.deactivated_at) : null,
});

/** A page's row: a person (all null past the end), the count, and a supervisor's cells. */
type PageRow = { total: number; cells: CellRef[] | null } & (
  | PersonColumns
  | { [K in keyof PersonColumns]: null }
);

/**
 * One page of people of a role (and search) and how many there are up to `cap`, in one
 * statement. The count is the one-row side of a left join, so a page past the end still carries
 * it; supervisors bring their cells by title. Without a search the page walks the sort's index.
 * A search first gathers its matches through users_search_idx and sorts those: its cost follows
 * the number of matches, never the department's size, and no plan can walk the sort's index
 * past thousands of people who do not match (names that start alike sort together).
 */
export async function selectPeoplePage(
  db: Db,
  p: PeoplePage,
): Promise<{ rows: (PersonRow & { cells?: CellRef[] })[]; total: number }> {
  const where = peopleWhere(p.role, p.q);
  const cells =
    p.role === "supervisor"
      ? sql`(select coalesce(json_agg(json_build_object('id', c.id, 'title', c.title) order by c.title), '[]')
               from ${supervisorCells} sc join ${researchCells} c on c.id = sc.research_cell_id
              where sc.supervisor_id = page.id)`
      : sql`null`;
  const [source, total] = p.q
    ? [sql`found u`, sql`(select count(*)::int from found)`]
    : [sql`${users} u where ${where}`, countUpTo(sql`from ${users} u where ${where}`, p.cap)];
  const rows = await selectRows<PageRow>(
    db,
    sql`
    ${p.q ? sql`with found as materialized (select ${PERSON_COLUMNS} from ${users} u where ${where})` : sql``}
    select ${total} as total, page.*, ${cells} as cells
      from (select 1) one
      left join lateral (
        select u.* from ${source}
         order by ${pageOrder(p.sort, p.order, "u")} limit ${int(p.limit)} offset ${int(p.offset)}
      ) page on true
     order by ${pageOrder(p.sort, p.order, "page")}`,
  );
  return {
    total: rows[0]?.total ?? 0,
    rows: rows
      .filter((r): r is PageRow & PersonColumns => r.id !== null)
      .map((r) => ({ ...toPersonRow(r), ...(r.cells ? { cells: r.cells } : {}) })),
  };
}

/** Keyset batch for exports: people after (name, id), by name. */
export async function selectPeopleAfter(
  db: Db,
  role: Role,
  q: string | undefined,
  after: { name: string; id: string } | undefined,
  limit: number,
): Promise<PersonRow[]> {
  const cursor = after ? sql` and (u.name, u.id) > (${after.name}, ${after.id}::uuid)` : sql``;
  const rows = await selectRows<PersonColumns>(
    db,
    sql`select ${PERSON_COLUMNS} from ${users} u where ${peopleWhere(role, q)}${cursor}
         order by u.name, u.id limit ${limit}`,
  );
  return rows.map(toPersonRow);
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

/** A person's name and a cell's title, for the activity log. */
export function namesOf(db: Db, userId: string, cellId: string) {
  return selectRow<{ person: string | null; cell: string | null }>(
    db,
    sql`select (select name from ${users} where id = ${userId}) as person,
               (select title from ${researchCells} where id = ${cellId}) as cell`,
  );
}
