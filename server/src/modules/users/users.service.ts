import { LIMITS } from "@shared/limits";
import { MSG } from "@shared/messages";
import type { CellRef, Person, UserList, userListQuery } from "@shared/schemas/users";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { counted, pageWindow } from "../../db/query";
import { ConflictError, NotFoundError, PG, pgConstraint, pgErrorCode } from "../../lib/errors";
import { inTransaction, type RequestContext } from "../../lib/request-context";
import type { SessionUser } from "../../plugins/auth";
import { createAccount } from "../accounts/accounts.service";
import { pictureUrl } from "../accounts/user-dto";
import { recordIn } from "../activity/activity.repository";
import { emails, ROLE_WORDS } from "../outbox/emails";
import { enqueueEmails } from "../outbox/outbox.service";
import {
  cellExists,
  deleteAssignment,
  hasPendingInCell,
  insertAssignment,
  lockAssignment,
  namesOf,
  type PersonRow,
  selectCellsOfSupervisors,
  selectPeoplePage,
  selectUserRole,
} from "./users.repository";

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
    deactivatedAt: row.deactivatedAt ? new Date(row.deactivatedAt).toISOString() : null,
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
  ctx: RequestContext<SessionUser>,
  input: { role: "supervisor" | "committee"; name: string; email: string; password: string },
): Promise<Person> {
  const role = ROLE_WORDS[input.role];
  const user = await createAccount(ctx.db, { ...input, studentId: null }, async (tx, created) => {
    await enqueueEmails(tx, [created.id], emails.accountCreated(ctx.publicUrl, { role, by: ctx.by.name }));
    await recordIn({ ...ctx, db: tx }, "account", "create", {
      subjectId: created.id,
      subjectName: input.name,
      note: input.role === "supervisor" ? "Teacher" : "Committee member",
    });
  });
  return toPersonDto(user, input.role === "supervisor" ? [] : undefined);
}

export async function assignCell(
  ctx: RequestContext,
  supervisorId: string,
  researchCellId: string,
): Promise<void> {
  if ((await selectUserRole(ctx.db, supervisorId)) !== "supervisor")
    throw new NotFoundError(MSG.teacherNotFound);
  if (!(await cellExists(ctx.db, researchCellId))) throw new NotFoundError(MSG.cellNotFound);
  let inserted: boolean;
  try {
    inserted = await inTransaction(ctx, async (c) => {
      const made = await insertAssignment(c.db, supervisorId, researchCellId);
      if (made) await recordAssignment(c, "assign", supervisorId, researchCellId);
      return made;
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
  ctx: RequestContext,
  supervisorId: string,
  researchCellId: string,
): Promise<void> {
  await inTransaction(ctx, async (c) => {
    if (!(await lockAssignment(c.db, supervisorId, researchCellId))) throw new NotFoundError(MSG.notAssigned);
    if (await hasPendingInCell(c.db, supervisorId, researchCellId))
      throw new ConflictError(MSG.teacherHasPendingInCell);
    await deleteAssignment(c.db, supervisorId, researchCellId);
    await recordAssignment(c, "unassign", supervisorId, researchCellId);
  });
}

/** A supervisor put into or taken out of a cell: the person is the row's subject, the cell its note. */
async function recordAssignment(
  c: RequestContext,
  action: "assign" | "unassign",
  supervisorId: string,
  cellId: string,
) {
  const names = await namesOf(c.db, supervisorId, cellId);
  await recordIn(c, "cell", action, {
    subjectId: supervisorId,
    subjectName: names?.person ?? null,
    note: names?.cell ?? null,
  });
}
