import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

export interface DashboardCounts {
  thesisGroups: number;
  projectGroups: number;
  totalGroups: number;
  pendingGroups: number;
  researchCells: number;
}
export interface DashboardCellRow {
  id: string;
  title: string;
  description: string;
}

interface DashboardRow {
  thesis_groups: number | string;
  project_groups: number | string;
  total_groups: number | string;
  pending_groups: number | string;
  research_cells: number | string;
  cells: DashboardCellRow[] | string | null;
}

/**
 * Everything the dashboard shows, in one statement (one round trip) and of a size that does not
 * grow with the supervisor's groups: the proposals addressed to the supervisor counted by type,
 * in all and Pending (one pass over proposals_supervisor_status_created_idx, supervisor_id
 * prefix), and the cells the supervisor is assigned to, by title, with their number (through the
 * supervisor_cells primary key). Aggregates without GROUP BY always give exactly one row.
 */
export async function dashboardOf(
  db: Db,
  supervisorId: string,
): Promise<{ counts: DashboardCounts; cells: DashboardCellRow[] }> {
  const res = (await db.execute(sql`
    with g as (
      select count(*) filter (where p.type = 'Thesis')::int as thesis_groups,
             count(*) filter (where p.type = 'Project')::int as project_groups,
             count(*)::int as total_groups,
             count(*) filter (where p.status = 'Pending')::int as pending_groups
        from proposals p
       where p.supervisor_id = ${supervisorId}
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
    select g.thesis_groups, g.project_groups, g.total_groups, g.pending_groups, c.research_cells, c.cells
      from g cross join c`)) as unknown as { rows: DashboardRow[] };
  const row = res.rows[0];
  const cells: DashboardCellRow[] =
    typeof row?.cells === "string" ? JSON.parse(row.cells) : (row?.cells ?? []);
  return {
    counts: {
      thesisGroups: Number(row?.thesis_groups ?? 0),
      projectGroups: Number(row?.project_groups ?? 0),
      totalGroups: Number(row?.total_groups ?? 0),
      pendingGroups: Number(row?.pending_groups ?? 0),
      researchCells: Number(row?.research_cells ?? 0),
    },
    cells,
  };
}
