import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { selectRow } from "../../db/query";
import { isActive, reviewDueAt } from "../proposals/proposal-sql";
import { visibleTo } from "../proposals/visibility";
import { inTerm } from "../terms/terms.repository";

export interface DashboardCounts {
  thesisGroups: number;
  projectGroups: number;
  totalGroups: number;
  pendingGroups: number;
  overdueGroups: number;
  researchCells: number;
}
export interface DashboardCellRow {
  id: string;
  title: string;
  description: string;
}

interface DashboardRow {
  thesis_groups: number;
  project_groups: number;
  total_groups: number;
  pending_groups: number;
  overdue_groups: number;
  research_cells: number;
  cells: DashboardCellRow[];
}

/**
 * Everything the dashboard shows, in one statement (one round trip) and of a size that does not
 * grow with the supervisor's groups: their groups (the active proposals addressed to them,
 * DESIGN.md §9: a Denied proposal is no group) counted by type, in all and Pending (one pass over
 * proposals_supervisor_term_idx, supervisor_id, term and status; overdue ones through their term's reviewDueDays, from the index alone), and the cells the supervisor is assigned to, by title, with their number (through the
 * supervisor_cells primary key). Aggregates without GROUP BY always give exactly one row.
 */
export async function dashboardOf(
  db: Db,
  supervisorId: string,
  termId: string | undefined,
  now: Date,
): Promise<{ counts: DashboardCounts; cells: DashboardCellRow[] }> {
  const row = await selectRow<DashboardRow>(
    db,
    sql`
    with g as (
      select count(*) filter (where p.type = 'Thesis')::int as thesis_groups,
             count(*) filter (where p.type = 'Project')::int as project_groups,
             count(*)::int as total_groups,
             count(*) filter (where p.status = 'Pending')::int as pending_groups,
             count(*) filter (where ${reviewDueAt} < ${now.toISOString()}::timestamptz)::int as overdue_groups
        from proposals p join terms tm on tm.id = p.term_id
       where ${visibleTo({ id: supervisorId, role: "supervisor" })} and ${inTerm(termId)} and ${isActive()}
    ), c as (
      select count(*)::int as research_cells,
             coalesce(
               json_agg(json_build_object('id', rc.id, 'title', rc.title, 'description', rc.description)
                        order by rc.title, rc.id),
               '[]'::json) as cells
        from supervisor_cells sc
        join research_cells rc on rc.id = sc.research_cell_id
       where sc.supervisor_id = ${supervisorId}
    )
    select g.thesis_groups, g.project_groups, g.total_groups, g.pending_groups, g.overdue_groups, c.research_cells, c.cells
      from g cross join c`,
  );
  return {
    counts: {
      thesisGroups: row?.thesis_groups ?? 0,
      projectGroups: row?.project_groups ?? 0,
      totalGroups: row?.total_groups ?? 0,
      pendingGroups: row?.pending_groups ?? 0,
      overdueGroups: row?.overdue_groups ?? 0,
      researchCells: row?.research_cells ?? 0,
    },
    cells: row?.cells ?? [],
  };
}
