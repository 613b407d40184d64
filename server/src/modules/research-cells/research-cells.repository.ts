import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { proposals, researchCells, supervisorCells, users } from "../../db/schema";

const cellColumns = {
  id: researchCells.id,
  title: researchCells.title,
  description: researchCells.description,
  createdAt: researchCells.createdAt,
  // Qualified by hand: Drizzle leaves a single table's columns unqualified, which a subquery would capture.
  // Counted per cell through supervisor_cells_cell_idx and proposals_cell_status_idx.
  supervisorCount:
    sql<number>`(select count(*) from ${supervisorCells} sc where sc.research_cell_id = ${researchCells}.id)`.mapWith(
      Number,
    ),
  proposalCount:
    sql<number>`(select count(*) from ${proposals} p where p.research_cell_id = ${researchCells}.id)`.mapWith(
      Number,
    ),
};

export type CellRow = {
  id: string;
  title: string;
  description: string;
  createdAt: Date;
  supervisorCount: number;
  proposalCount: number;
};

/** Every cell, by title. A department has tens of cells, not thousands. */
export async function selectCells(db: Db): Promise<CellRow[]> {
  return db
    .select(cellColumns)
    .from(researchCells)
    .orderBy(asc(sql`lower(${researchCells.title})`), asc(researchCells.id));
}

export async function selectCell(db: Db, id: string): Promise<CellRow | undefined> {
  const [row] = await db.select(cellColumns).from(researchCells).where(eq(researchCells.id, id)).limit(1);
  return row;
}

/** The supervisors of the given cells, by name. */
export async function selectCellSupervisors(db: Db, cellIds: string[]) {
  if (!cellIds.length) return [];
  return db
    .select({ cellId: supervisorCells.researchCellId, id: users.id, name: users.name, email: users.email })
    .from(supervisorCells)
    .innerJoin(users, eq(users.id, supervisorCells.supervisorId))
    .where(inArray(supervisorCells.researchCellId, cellIds))
    .orderBy(asc(users.name), asc(users.id));
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
