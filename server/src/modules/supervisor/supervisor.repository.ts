import type { ProposalStatus, ProposalType } from "@shared/enums";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

export interface DashboardGroupRow {
  id: string;
  title: string;
  type: ProposalType;
  status: ProposalStatus;
  /** A timestamp as JSON renders it (a string), or a Date. */
  createdAt: string | Date;
  researchCell: { id: string; title: string } | null;
  /** Creator first. */
  members: { id: string; name: string | null }[];
}
export interface DashboardCellRow {
  id: string;
  title: string;
  description: string;
}

/**
 * Everything the dashboard shows, in one statement (one round trip): every proposal addressed
 * to the supervisor (any status), newest first, with its cell and its members by position; and
 * the cells the supervisor is assigned to, by title. The proposals come through
 * proposals_supervisor_status_created_idx, each one's members through the proposal_members
 * primary key, the cells through the supervisor_cells primary key.
 */
export async function dashboardOf(
  db: Db,
  supervisorId: string,
): Promise<{ groups: DashboardGroupRow[]; cells: DashboardCellRow[] }> {
  const res = (await db.execute(sql`
    select
      (select coalesce(
                json_agg(json_build_object(
                  'id', g.id, 'title', g.title, 'type', g.type, 'status', g.status,
                  'createdAt', g.created_at, 'researchCell', g.research_cell, 'members', g.members
                ) order by g.created_at desc, g.id desc),
                '[]'::json)
         from (
           select p.id, p.title, p.type, p.status, p.created_at,
                  case when c.id is null then null
                       else json_build_object('id', c.id, 'title', c.title) end as research_cell,
                  (select coalesce(
                            json_agg(json_build_object('id', m.user_id, 'name', u.name) order by m.position),
                            '[]'::json)
                     from proposal_members m
                     left join users u on u.id = m.user_id
                    where m.proposal_id = p.id) as members
             from proposals p
             left join research_cells c on c.id = p.research_cell_id
            where p.supervisor_id = ${supervisorId}
         ) g) as groups,
      (select coalesce(
                json_agg(json_build_object('id', c.id, 'title', c.title, 'description', c.description)
                         order by c.title),
                '[]'::json)
         from supervisor_cells sc
         join research_cells c on c.id = sc.research_cell_id
        where sc.supervisor_id = ${supervisorId}) as cells`)) as unknown as {
    rows: { groups: DashboardGroupRow[]; cells: DashboardCellRow[] }[];
  };
  const [row] = res.rows;
  return { groups: row?.groups ?? [], cells: row?.cells ?? [] };
}
