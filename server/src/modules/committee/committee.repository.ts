import type { ProposalStatus, ProposalType, Role } from "@shared/enums";
import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { selectRow } from "../../db/query";
import { proposalMembers, proposals, researchCells, terms, users } from "../../db/schema";
import { reviewDueAt } from "../proposals/proposal-sql";
import { inTerm } from "../terms/terms.repository";

/**
 * Everything the committee's dashboard counts, in one statement: people by role, the cells, and
 * each cell's proposals by status (a cell with none has status null), each counted by grouping
 * an index (users_role_*; proposals_cell_status_idx). People and cells count every row; proposals
 * those of the term (DESIGN.md §8: the current one unless another or "all" is asked for).
 */
export async function selectDashboardCounts(db: Db, termId: string | undefined, now: Date) {
  const row = await selectRow<{
    roles: { role: Role; n: number }[] | null;
    cells: number;
    overdue: number;
    per_cell: { id: string; title: string; status: ProposalStatus | null; n: number }[] | null;
  }>(
    db,
    sql`select
      (select json_agg(r) from (select role, count(*)::int as n from ${users} group by role) r) as roles,
      (select count(*)::int from ${researchCells}) as cells,
      (select count(*)::int from ${proposals} p join ${terms} tm on tm.id = p.term_id
        where ${inTerm(termId)} and p.status = 'Pending' and ${reviewDueAt} < ${now.toISOString()}::timestamptz) as overdue,
      (select json_agg(json_build_object('id', c.id, 'title', c.title, 'status', x.status, 'n', coalesce(x.n, 0)))
         from ${researchCells} c
         left join (select research_cell_id, status, count(*)::int as n from ${proposals} p where ${inTerm(termId)} group by 1, 2) x
           on x.research_cell_id = c.id) as per_cell`,
  );
  return {
    roles: row?.roles ?? [],
    cells: row?.cells ?? 0,
    overdue: row?.overdue ?? 0,
    perCell: row?.per_cell ?? [],
  };
}

const supervisor = alias(users, "supervisor");
const creator = alias(users, "creator");

export interface ProposalFilter {
  status?: ProposalStatus;
  type?: ProposalType;
  /** A term's id, "all", or none for the current term. */
  termId?: string;
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
    inTerm(filter.termId, sql`${proposals}`),
  ];
  if (afterId) {
    // Compared in the database: a JavaScript Date would lose the microseconds of created_at.
    const at = sql`(select c.created_at from ${proposals} c where c.id = ${afterId})`;
    conditions.push(
      sql`${proposals.createdAt} <= ${at}`,
      sql`(${proposals.createdAt}, ${proposals.id}) < (${at}, ${afterId}::uuid)`,
    );
  }
  // Left joins: a group of an allocation term has no cell or supervisor until it is placed, and
  // is exported all the same.
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
    .leftJoin(researchCells, eq(researchCells.id, proposals.researchCellId))
    .leftJoin(supervisor, eq(supervisor.id, proposals.supervisorId))
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
