import type { ProposalStatus, Role } from "@shared/enums";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { int, selectRow, selectRows } from "../../db/query";
import {
  activity,
  proposalCounts,
  proposals,
  researchCells,
  supervisorCells,
  terms,
  userCounts,
} from "../../db/schema";
import { notYetDue, PROPOSAL_JOINS, type ProposalRow, proposalColumns } from "../proposals/proposal-sql";
import { type ProposalListFilter, proposalFilterWhere } from "../proposals/proposals.repository";
import { inTerm } from "../terms/terms.repository";

/**
 * Everything the committee's dashboard counts, in one statement, from the kept totals (decision
 * 0060): people by role (user_counts), the cells, each cell's proposals by status in the term
 * (proposal_counts; a cell with none has status null), and the overdue reviews: the term's Pending
 * less those not yet due (notYetDue, the last reviewDueDays days' only). Proposals are those of the
 * term (DESIGN.md §8: the current one unless another or "all" is asked for). Beside them, what the
 * getting-started steps need (decision 0056): whether any teacher is assigned to a cell, and
 * whether a term was set up (a committee member created, changed or chose one: an activity row of
 * kind term; activity_kind_idx) or is in use already (any proposal).
 */
export async function selectDashboardCounts(db: Db, termId: string | undefined, now: Date) {
  const row = await selectRow<{
    roles: { role: Role; n: number }[] | null;
    cells: number;
    overdue: number;
    per_cell: { id: string; title: string; status: ProposalStatus | null; n: number }[] | null;
    assigned: boolean;
    term_set_up: boolean;
  }>(
    db,
    sql`select
      (select json_agg(json_build_object('role', k.role, 'n', k.n)) from ${userCounts} k) as roles,
      (select count(*)::int from ${researchCells}) as cells,
      (select coalesce(sum(k.n), 0)::int from ${proposalCounts} k where ${inTerm(termId, sql`k`)} and k.status = 'Pending')
        - (select count(*)::int from ${proposals} p join ${terms} tm on tm.id = p.term_id
            where ${inTerm(termId)} and ${notYetDue(now)}) as overdue,
      (select json_agg(json_build_object('id', c.id, 'title', c.title, 'status', x.status, 'n', coalesce(x.n, 0)))
         from ${researchCells} c
         left join (select k.research_cell_id, k.status, sum(k.n)::int as n from ${proposalCounts} k
                     where ${inTerm(termId, sql`k`)} group by 1, 2 having sum(k.n) > 0) x
           on x.research_cell_id = c.id) as per_cell,
      exists(select 1 from ${supervisorCells}) as assigned,
      (exists(select 1 from ${activity} a where a.kind = 'term') or exists(select 1 from ${proposals})) as term_set_up`,
  );
  return {
    roles: row?.roles ?? [],
    cells: row?.cells ?? 0,
    overdue: row?.overdue ?? 0,
    perCell: row?.per_cell ?? [],
    assigned: row?.assigned ?? false,
    termSetUp: row?.term_set_up ?? false,
  };
}

/** The Proposals screen's filters (its search, term, status, cell, supervisor) and a type. */
export type ProposalFilter = Pick<
  ProposalListFilter,
  "status" | "type" | "termId" | "q" | "researchCellId" | "supervisorId"
>;

/**
 * Keyset batch, newest first: the proposals after the one with id `afterId`, each as every read
 * of a proposal selects it (the projection: a group of an allocation term not placed yet has no
 * cell or supervisor, and is exported all the same).
 */
export function selectProposalsAfter(
  db: Db,
  filter: ProposalFilter,
  afterId: string | undefined,
  limit: number,
) {
  // Compared in the database: a JavaScript Date would lose the microseconds of created_at.
  const at = sql`(select c.created_at from ${proposals} c where c.id = ${afterId})`;
  const where = sql.join(
    [
      ...proposalFilterWhere(filter),
      ...(afterId ? [sql`p.created_at <= ${at}`, sql`(p.created_at, p.id) < (${at}, ${afterId}::uuid)`] : []),
    ],
    sql` and `,
  );
  return selectRows<ProposalRow>(
    db,
    sql`select ${proposalColumns("whole")} from ${proposals} p ${PROPOSAL_JOINS}
         where ${where}
         order by p.created_at desc, p.id desc limit ${int(limit)}`,
  );
}
