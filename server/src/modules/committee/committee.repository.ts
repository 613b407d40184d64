import type { ProposalStatus, ProposalType } from "@shared/enums";
import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { proposalMembers, proposals, researchCells, users } from "../../db/schema";

export async function countUsersByRole(db: Db) {
  return db.select({ role: users.role, n: count() }).from(users).groupBy(users.role);
}

export async function countCells(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(researchCells);
  return Number(row.n);
}

export async function countProposalsByStatus(db: Db) {
  return db.select({ status: proposals.status, n: count() }).from(proposals).groupBy(proposals.status);
}

/** Every cell with its proposals counted by status (a cell without proposals has status null). */
export async function countProposalsByCellAndStatus(db: Db) {
  return db
    .select({
      id: researchCells.id,
      title: researchCells.title,
      status: proposals.status,
      n: count(proposals.id),
    })
    .from(researchCells)
    .leftJoin(proposals, eq(proposals.researchCellId, researchCells.id))
    .groupBy(researchCells.id, researchCells.title, proposals.status);
}

const supervisor = alias(users, "supervisor");
const creator = alias(users, "creator");

export interface ProposalFilter {
  status?: ProposalStatus;
  type?: ProposalType;
}

/** Keyset batch, newest first: the proposals after the one with id `afterId`. */
export async function selectProposalsAfter(
  db: Db,
  filter: ProposalFilter,
  afterId: string | undefined,
  limit: number,
) {
  const conditions: (SQL | undefined)[] = [
    filter.status ? eq(proposals.status, filter.status) : undefined,
    filter.type ? eq(proposals.type, filter.type) : undefined,
  ];
  if (afterId) {
    // Compared in the database: a JavaScript Date would lose the microseconds of created_at.
    const at = sql`(select c.created_at from ${proposals} c where c.id = ${afterId})`;
    conditions.push(
      sql`${proposals.createdAt} <= ${at}`,
      sql`(${proposals.createdAt}, ${proposals.id}) < (${at}, ${afterId}::uuid)`,
    );
  }
  return db
    .select({
      id: proposals.id,
      title: proposals.title,
      abstract: proposals.abstract,
      type: proposals.type,
      status: proposals.status,
      createdAt: proposals.createdAt,
      reviewedAt: proposals.reviewedAt,
      feedback: proposals.feedback,
      cellTitle: researchCells.title,
      supervisorName: supervisor.name,
      supervisorEmail: supervisor.email,
      creatorName: creator.name,
    })
    .from(proposals)
    .innerJoin(researchCells, eq(researchCells.id, proposals.researchCellId))
    .innerJoin(supervisor, eq(supervisor.id, proposals.supervisorId))
    .innerJoin(creator, eq(creator.id, proposals.createdBy))
    .where(and(...conditions))
    .orderBy(desc(proposals.createdAt), desc(proposals.id))
    .limit(limit);
}

/** The members of the given proposals, creator first. */
export async function selectMembersOf(db: Db, proposalIds: string[]) {
  if (!proposalIds.length) return [];
  return db
    .select({
      proposalId: proposalMembers.proposalId,
      name: users.name,
      studentId: users.studentId,
    })
    .from(proposalMembers)
    .innerJoin(users, eq(users.id, proposalMembers.userId))
    .where(inArray(proposalMembers.proposalId, proposalIds))
    .orderBy(asc(proposalMembers.proposalId), asc(proposalMembers.position));
}
