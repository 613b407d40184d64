import type { ProposalStatus, Role } from "@shared/enums";
import type { OpenProposal } from "@shared/schemas/accounts";
import { OPEN_PROPOSAL_STATUSES } from "@shared/schemas/accounts";
import { and, count, eq, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { selectRows } from "../../db/query";
import { proposalMembers, proposals, sessions, users } from "../../db/schema";
import type { PersonRow } from "./users.repository";

const personColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  studentId: users.studentId,
  pictureId: users.pictureId,
  createdAt: users.createdAt,
  deactivatedAt: users.deactivatedAt,
  anonymisedAt: users.anonymisedAt,
};

/** The person's row, locked for the rest of the transaction. */
export async function lockPerson(
  db: Db,
  id: string,
): Promise<(PersonRow & { anonymisedAt: Date | null }) | undefined> {
  const [row] = await db.select(personColumns).from(users).where(eq(users.id, id)).for("update");
  return row;
}

export async function updatePersonRow(
  db: Db,
  id: string,
  changes: { name?: string; email?: string; emailVerified?: boolean },
): Promise<PersonRow> {
  const [row] = Object.keys(changes).length
    ? await db
        .update(users)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning(personColumns)
    : await db.select(personColumns).from(users).where(eq(users.id, id));
  return row;
}

export async function setDeactivated(db: Db, id: string, at: Date | null): Promise<PersonRow> {
  const [row] = await db
    .update(users)
    .set({ deactivatedAt: at, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning(personColumns);
  return row;
}

/** Deleting fires sessions_auth_changed per row: every instance drops the session and its streams. */
export async function deleteSessionsOf(db: Db, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Locks every active committee account, so committee deactivations take turns. */
/**
 * Holds every active committee member's row, in id order: two transactions that both lock them
 * wait for each other instead of deadlocking.
 */
export async function lockActiveCommittee(db: Db) {
  await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "committee" satisfies Role), isNull(users.deactivatedAt)))
    .orderBy(users.id)
    .for("update");
}

/** The person's role, read without a lock (to choose which locks to take, in which order). */
export async function roleOf(db: Db, id: string): Promise<Role | undefined> {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, id));
  return row?.role;
}

export async function countOtherActiveCommittee(db: Db, exceptId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, "committee"), isNull(users.deactivatedAt), ne(users.id, exceptId)));
  return Number(row.n);
}

/**
 * Active proposals the person created (member at position 0: proposal_members_user_idx) or
 * supervises (proposals_supervisor_term_idx), newest first; null when there is no such person.
 */
export async function selectOpenProposals(db: Db, userId: string): Promise<OpenProposal[] | null> {
  const [person] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!person) return null;
  const active = sql.raw(
    `p.status in (${OPEN_PROPOSAL_STATUSES.map((st) => `'${st.replace(/'/g, "''")}'`).join(", ")})`,
  );
  const rows = await selectRows<{
    id: string;
    title: string;
    status: ProposalStatus;
    role: string;
    created_at: string;
  }>(
    db,
    sql`
    select p.id, p.title, p.status, 'creator' as role, p.created_at
      from ${proposalMembers} m join ${proposals} p on p.id = m.proposal_id
     where m.user_id = ${userId}::uuid and m.position = 0 and ${active}
    union all
    select p.id, p.title, p.status, 'supervisor', p.created_at
      from ${proposals} p
     where p.supervisor_id = ${userId}::uuid and ${active}
     order by created_at desc, id
     limit 500`,
  );
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    status: r.status,
    role: r.role as OpenProposal["role"],
    createdAt: new Date(r.created_at).toISOString(),
  }));
}
