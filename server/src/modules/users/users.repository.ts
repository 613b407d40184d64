import type { Role } from "@shared/enums";
import { LIMITS } from "@shared/limits";
import type { CellRef, SortOrder, UserSort } from "@shared/schemas/users";
import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { containsPattern } from "../../db/like";
import { proposals, researchCells, supervisorCells, users } from "../../db/schema";

/**
 * Name, email or student ID contains q, in any case: `search_key` (migration 0004) is the three
 * lower-cased in one column with one trigram index.
 */
const searchKeyMatches = (q: string) => sql`search_key like lower(${containsPattern(q)})`;

/** role = … and (name, email or student ID contains q, in any case). */
export function peopleFilter(role: Role, q?: string): SQL {
  return and(eq(users.role, role), q ? searchKeyMatches(q) : undefined) as SQL;
}

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

/** The page's sort, on the columns of `matches` (users' own names); the id breaks ties. */
const SORT_COLUMNS: Record<UserSort, string> = {
  name: "name",
  email: "email",
  studentId: "student_id",
  createdAt: "created_at",
};
function pageOrder(sort: UserSort, order: SortOrder, table: string): SQL {
  const dir = order === "desc" ? "desc" : "asc";
  const nulls = sort === "studentId" ? " nulls last" : "";
  return sql.raw(`${table}.${SORT_COLUMNS[sort]} ${dir}${nulls}, ${table}.id ${dir}`);
}

type PageRow = {
  id: string | null;
  name: string;
  email: string;
  role: Role;
  student_id: string | null;
  picture_key: string | null;
  created_at: string | Date;
  total: number;
  version: string;
  cells?: CellRef[];
};

/** The role as a literal, so each role's statement is planned with its own statistics. */
const ROLE_LITERAL: Record<Role, SQL> = {
  student: sql.raw("'student'"),
  supervisor: sql.raw("'supervisor'"),
  committee: sql.raw("'committee'"),
};

/** The version of everything the people lists show; every change to it bumps it (migration 0008). */
const PEOPLE_VERSION = sql.raw("(select version::text from people_version)");

const PERSON_COLUMNS = sql.raw("u.id, u.name, u.email, u.role, u.student_id, u.picture_key, u.created_at");

/**
 * One page of people of a role and how many there are, in one statement. The count is the
 * one-row side of a left join, so a page past the end still carries it; supervisors bring their
 * cells by title.
 *
 * Without a search the page walks the role's index and the count is an index-only scan.
 *
 * A search counts its matches only up to LIMITS.searchCountMax (+1, to know there are more):
 * a broad term ("a", a common surname) would otherwise make every keystroke count thousands of
 * rows. Up to the limit, those matches are sorted and paged; past it, the page walks the sort's
 * index and keeps the rows that match (a broad term fills a page after a few hundred rows), and
 * the answer says the count was capped. Either way the work no longer grows with the number of
 * people. The two ways are the two arms of one UNION ALL, each behind a one-time filter on the
 * count, so only one runs. The walking arm matches with strpos (the same test as the LIKE, which
 * the trigram index cannot serve) so that even a plan made once for every term walks the sort's
 * index rather than gathering and sorting every match; the sort indexes carry search_key
 * (migration 0006), so the walk tests each entry in the index and reads from the table only the
 * page's own rows.
 */
export async function selectPeoplePage(
  db: Db,
  p: PeoplePage,
): Promise<{ rows: (PersonRow & { cells?: CellRef[] })[]; total: number; capped: boolean; version: string }> {
  const role = ROLE_LITERAL[p.role];
  const cap = LIMITS.searchCountMax;
  const page = (where: SQL) =>
    sql`(select ${PERSON_COLUMNS} from users u where ${where}
          order by ${pageOrder(p.sort, p.order, "u")} limit ${p.limit} offset ${p.offset})`;
  const cells =
    p.role === "supervisor"
      ? sql`, (select coalesce(json_agg(json_build_object('id', c.id, 'title', c.title) order by c.title), '[]'::json)
                 from supervisor_cells sc join research_cells c on c.id = sc.research_cell_id
                where sc.supervisor_id = page.id) as cells`
      : sql``;
  // The people's version as this statement's snapshot saw it.
  const version = sql`${PEOPLE_VERSION} as version`;
  const statement = p.q
    ? sql`
    with capped as materialized (
      select id from users where role = ${role} and ${searchKeyMatches(p.q)} limit ${cap + 1}
    ), counted as (select count(*)::int as total from capped)
    select page.*, counted.total, ${version}${cells}
      from counted
      left join lateral (
        ${page(sql`counted.total <= ${cap} and u.id in (select id from capped)`)}
        union all
        (select ${PERSON_COLUMNS} from (
           select w.id from users w
            where counted.total > ${cap} and w.role = ${role} and strpos(w.search_key, lower(${p.q})) > 0
            order by ${pageOrder(p.sort, p.order, "w")} limit ${p.limit} offset ${p.offset}
         ) found
         -- one primary-key read per row of the page; without the fence (offset 0) a plan made
         -- for any page size may hash-join the page against every user of the role
         cross join lateral (select * from users u where u.id = found.id offset 0) u)
      ) page on true
     order by ${pageOrder(p.sort, p.order, "page")}`
    : sql`
    select page.*, counted.total, ${version}${cells}
      from (select count(*)::int as total from users where role = ${role}) counted
      left join lateral ${page(sql`u.role = ${role}`)} page on true
     order by ${pageOrder(p.sort, p.order, "page")}`;
  const res = (await db.execute(statement)) as unknown as { rows: PageRow[] };
  const counted = Number(res.rows[0]?.total ?? 0);
  const rows = res.rows
    .filter((r): r is PageRow & { id: string } => r.id !== null)
    .map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      role: r.role,
      studentId: r.student_id,
      pictureKey: r.picture_key,
      createdAt: new Date(r.created_at),
      ...(r.cells ? { cells: r.cells } : {}),
    }));
  return {
    rows,
    total: Math.min(counted, cap),
    capped: counted > cap,
    version: String(res.rows[0]?.version),
  };
}

/** The people lists' version: the database bumps it with every change they show (migration 0008). */
export async function selectPeopleVersion(db: Db): Promise<string> {
  const res = (await db.execute(sql`select ${PEOPLE_VERSION} as version`)) as unknown as {
    rows: { version: string }[];
  };
  return res.rows[0].version;
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
