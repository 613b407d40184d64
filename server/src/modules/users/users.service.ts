import { LIMITS } from "@shared/limits";
import { MSG } from "@shared/messages";
import type { CellRef, Person, UserList, userListQuery } from "@shared/schemas/users";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { counted, pageWindow, transaction } from "../../db/query";
import { ConflictError, NotFoundError, PG, pgConstraint, pgErrorCode } from "../../lib/errors";
import { createAccount } from "../accounts/accounts.service";
import { pictureUrl } from "../accounts/user-dto";
import { type ActedBy, recordAction } from "../activity/activity.repository";
import { emails } from "../outbox/emails";
import { enqueueEmails } from "../outbox/outbox.service";
import {
  deleteAssignment,
  hasPendingInCell,
  insertAssignment,
  lockAssignment,
  type PersonRow,
  selectCellsOfSupervisors,
  selectCellTitle,
  selectPeoplePage,
  selectUserNameRole,
} from "./users.repository";

/** The role of an account the committee adds, as the log notes it. */
const ROLE_NOTE = { supervisor: "teacher", committee: "committee member" } as const;

type ListQuery = z.output<typeof userListQuery>;

export function toPersonDto(row: PersonRow, cells?: CellRef[]): Person {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    studentId: row.studentId ?? null,
    pictureUrl: pictureUrl(row.pictureId),
    createdAt: new Date(row.createdAt).toISOString(),
    ...(cells ? { cells } : {}),
  };
}

/** Supervisors come with their cells: one query for a whole batch (the committee's export). */
export async function cellsBySupervisor(db: Db, rows: PersonRow[]): Promise<Map<string, CellRef[]>> {
  const ids = rows.filter((r) => r.role === "supervisor").map((r) => r.id);
  const map = new Map<string, CellRef[]>(ids.map((id) => [id, []]));
  for (const link of await selectCellsOfSupervisors(db, ids)) {
    map.get(link.supervisorId)?.push({ id: link.id, title: link.title });
  }
  return map;
}

/**
 * A page of people and how many match, in one statement; supervisors come with their cells.
 * A search counts up to LIMITS.searchCountMax, a whole list up to LIMITS.listCountMax.
 */
export async function listPeople(db: Db, query: ListQuery): Promise<UserList> {
  const q = query.q || undefined;
  const { limit, offset, cap } = pageWindow(query, q ? LIMITS.searchCountMax : LIMITS.listCountMax);
  const { rows, total } = await selectPeoplePage(db, {
    role: query.role,
    q,
    sort: query.sort,
    order: query.order,
    limit,
    offset,
    cap,
  });
  return { items: rows.map((r) => toPersonDto(r, r.cells)), ...counted(total, cap) };
}

/**
 * The committee adds a teacher or a committee member; the caller's own session is not touched.
 * The welcome email is written in the same transaction as the account.
 */
export async function addPerson(
  db: Db,
  input: { role: "supervisor" | "committee"; name: string; email: string; password: string },
  context: { publicUrl: string; by: string; actedBy: ActedBy },
): Promise<Person> {
  const role = input.role === "supervisor" ? "supervisor (teacher)" : "committee";
  const user = await createAccount(db, { ...input, studentId: null }, async (tx, created) => {
    await enqueueEmails(tx, [created.id], emails.accountCreated(context.publicUrl, { role, by: context.by }));
    await recordAction(tx, context.actedBy, "account", "create", created, ROLE_NOTE[input.role]);
  });
  return toPersonDto(user, input.role === "supervisor" ? [] : undefined);
}

export async function assignCell(
  db: Db,
  supervisorId: string,
  researchCellId: string,
  by: ActedBy,
): Promise<void> {
  const supervisor = await selectUserNameRole(db, supervisorId);
  if (supervisor?.role !== "supervisor") throw new NotFoundError(MSG.teacherNotFound);
  const title = await selectCellTitle(db, researchCellId);
  if (title === undefined) throw new NotFoundError(MSG.cellNotFound);
  let inserted: boolean;
  try {
    inserted = await transaction(db, async (tx) => {
      const done = await insertAssignment(tx, supervisorId, researchCellId);
      if (done)
        await recordAction(tx, by, "cell", "assign", { id: researchCellId, name: title }, supervisor.name);
      return done;
    });
  } catch (err) {
    // The cell (or the user) went away between the checks and the insert.
    if (pgErrorCode(err) === PG.foreignKeyViolation) {
      const onCell = pgConstraint(err)?.includes("research_cell");
      throw new NotFoundError(onCell ? MSG.cellNotFound : MSG.teacherNotFound);
    }
    throw err;
  }
  if (!inserted) throw new ConflictError(MSG.alreadyAssigned, { researchCellId: MSG.alreadyAssigned });
}

/**
 * Removes a supervisor from a cell unless they still have Pending proposals there. The link
 * is locked first, so a check and a delete cannot be split by another removal.
 */
export async function unassignCell(
  db: Db,
  supervisorId: string,
  researchCellId: string,
  by: ActedBy,
): Promise<void> {
  await transaction(db, async (tx) => {
    if (!(await lockAssignment(tx, supervisorId, researchCellId))) throw new NotFoundError(MSG.notAssigned);
    if (await hasPendingInCell(tx, supervisorId, researchCellId))
      throw new ConflictError(MSG.teacherHasPendingInCell);
    await deleteAssignment(tx, supervisorId, researchCellId);
    const [title, supervisor] = [
      await selectCellTitle(tx, researchCellId),
      await selectUserNameRole(tx, supervisorId),
    ];
    await recordAction(
      tx,
      by,
      "cell",
      "unassign",
      { id: researchCellId, name: title ?? "" },
      supervisor?.name,
    );
  });
}
