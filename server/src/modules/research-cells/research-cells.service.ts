import { MSG } from "@shared/messages";
import type { Cell, CellInput } from "@shared/schemas/cells";
import type { Db } from "../../db/client";
import { NotFoundError, uniqueConflict } from "../../lib/errors";
import { inTransaction, type RequestContext } from "../../lib/request-context";
import { recordIn } from "../activity/activity.repository";
import {
  type CellRow,
  insertCell,
  selectCell,
  selectCells,
  updateCellRow,
} from "./research-cells.repository";

type CellData = Required<CellInput>;

function toCellDto(row: CellRow): Cell {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    supervisorCount: row.supervisorCount,
    proposalCount: row.proposalCount,
    createdAt: new Date(row.createdAt).toISOString(),
    ...(row.supervisors ? { supervisors: row.supervisors } : {}),
  };
}

export async function listCells(db: Db, include?: "supervisors"): Promise<Cell[]> {
  return (await selectCells(db, include === "supervisors")).map(toCellDto);
}

export async function getCell(db: Db, id: string): Promise<Cell> {
  const row = await selectCell(db, id);
  if (!row) throw new NotFoundError(MSG.cellNotFound);
  return toCellDto(row);
}

/** Titles are unique in any case; the unique index decides, so two simultaneous adds cannot both win. */
const titleConflict = uniqueConflict("title", MSG.cellTitleTaken);

export async function createCell(ctx: RequestContext, input: CellData): Promise<Cell> {
  const id = await inTransaction(ctx, async (c) => {
    const created = await insertCell(c.db, input);
    await recordIn(c, "cell", "create", { subjectId: created, subjectName: input.title });
    return created;
  }).catch(titleConflict);
  return getCell(ctx.db, id);
}

export async function updateCell(ctx: RequestContext, id: string, input: CellData): Promise<Cell> {
  const found = await inTransaction(ctx, async (c) => {
    const updated = await updateCellRow(c.db, id, input);
    if (updated) await recordIn(c, "cell", "update", { subjectId: id, subjectName: input.title });
    return updated;
  }).catch(titleConflict);
  if (!found) throw new NotFoundError(MSG.cellNotFound);
  return getCell(ctx.db, id);
}
