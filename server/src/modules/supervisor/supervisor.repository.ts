import { asc, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { proposalMembers, proposals, researchCells, supervisorCells, users } from "../../db/schema";

/** Every proposal addressed to the supervisor (any status), newest first, with its cell. */
export function groupsOf(db: Db, supervisorId: string) {
  return db
    .select({
      id: proposals.id,
      title: proposals.title,
      type: proposals.type,
      status: proposals.status,
      createdAt: proposals.createdAt,
      cellId: researchCells.id,
      cellTitle: researchCells.title,
    })
    .from(proposals)
    .leftJoin(researchCells, eq(researchCells.id, proposals.researchCellId))
    .where(eq(proposals.supervisorId, supervisorId))
    .orderBy(desc(proposals.createdAt), desc(proposals.id));
}

/** The members of all those proposals in one query, creator first. */
export function membersOfGroupsOf(db: Db, supervisorId: string) {
  return db
    .select({ proposalId: proposalMembers.proposalId, userId: proposalMembers.userId, name: users.name })
    .from(proposalMembers)
    .innerJoin(proposals, eq(proposals.id, proposalMembers.proposalId))
    .leftJoin(users, eq(users.id, proposalMembers.userId))
    .where(eq(proposals.supervisorId, supervisorId))
    .orderBy(asc(proposalMembers.proposalId), asc(proposalMembers.position));
}

/** The research cells the supervisor is assigned to, by title. */
export function cellsOf(db: Db, supervisorId: string) {
  return db
    .select({ id: researchCells.id, title: researchCells.title, description: researchCells.description })
    .from(supervisorCells)
    .innerJoin(researchCells, eq(researchCells.id, supervisorCells.researchCellId))
    .where(eq(supervisorCells.supervisorId, supervisorId))
    .orderBy(asc(researchCells.title));
}
