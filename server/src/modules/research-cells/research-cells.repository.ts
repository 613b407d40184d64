import { eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { selectRows } from "../../db/query";
import { proposalCounts, researchCells, supervisorCells, users } from "../../db/schema";

export type CellRow = {
  id: string;
  title: string;
  description: string;
  createdAt: string;
  supervisorCount: number;
  /** Every term's proposals in the cell, from the kept totals (decision 0060). */
  proposalCount: number;
  /** With `withSupervisors`: the cell's supervisors by name. */
  supervisors?: { id: string; name: string; email: string }[];
};

/**
 * Cells by title, each with its counts and, when asked, its supervisors by name: one statement.
 * The supervisors are counted and listed through supervisor_cells_cell_idx (a cell has tens), the
 * proposals summed from proposal_counts (a few rows per cell and term), never counted row by row.
 */
function cellsWhere(where: SQL, withSupervisors: boolean) {
  const supervisors = withSupervisors
    ? sql`, (select coalesce(json_agg(json_build_object('id', u.id, 'name', u.name, 'email', u.email) order by u.name, u.id), '[]')
               from ${supervisorCells} sc join ${users} u on u.id = sc.supervisor_id
              where sc.research_cell_id = c.id) as "supervisors"`
    : sql``;
  return sql`select c.id, c.title, c.description, c.created_at as "createdAt",
                    (select count(*)::int from ${supervisorCells} sc where sc.research_cell_id = c.id) as "supervisorCount",
                    coalesce(k.n, 0)::int as "proposalCount"${supervisors}
               from ${researchCells} c
               left join (select k.research_cell_id, sum(k.n) as n from ${proposalCounts} k group by 1) k
                 on k.research_cell_id = c.id
              where ${where}
              order by lower(c.title), c.id`;
}

/** Every cell, by title. A department has tens of cells, not thousands. */
export function selectCells(db: Db, withSupervisors = false): Promise<CellRow[]> {
  return selectRows<CellRow>(db, cellsWhere(sql`true`, withSupervisors));
}

/** One cell with its supervisors. */
export async function selectCell(db: Db, id: string): Promise<CellRow | undefined> {
  const [row] = await selectRows<CellRow>(db, cellsWhere(sql`c.id = ${id}`, true));
  return row;
}

export async function insertCell(db: Db, input: { title: string; description: string }) {
  const [row] = await db.insert(researchCells).values(input).returning({ id: researchCells.id });
  return row.id;
}

export async function updateCellRow(db: Db, id: string, input: { title: string; description: string }) {
  const rows = await db
    .update(researchCells)
    .set(input)
    .where(eq(researchCells.id, id))
    .returning({ id: researchCells.id });
  return rows.length > 0;
}
