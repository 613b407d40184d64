import { MSG } from "@shared/messages";
import type { Cell, CellInput } from "@shared/schemas/cells";
import type { Db } from "../../db/client";
import { ConflictError, NotFoundError, PG, pgErrorCode } from "../../lib/errors";
import { inTransaction, type RequestContext } from "../../lib/request-context";
import { recordIn } from "../activity/activity.repository";
import {
  type CellRow,
  insertCell,
  selectCell,
  selectCellSupervisors,
  selectCells,
  updateCellRow,
} from "./research-cells.repository";

type CellData = Required<CellInput>;

function toCellDto(row: CellRow, supervisors?: { id: string; name: string; email: string }[]): Cell {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    supervisorCount: row.supervisorCount,
    proposalCount: row.proposalCount,
    createdAt: new Date(row.createdAt).toISOString(),
    ...(supervisors ? { supervisors } : {}),
  };
}

async function withSupervisors(db: Db, rows: CellRow[]): Promise<Cell[]> {
  const links = await selectCellSupervisors(
    db,
    rows.map((r) => r.id),
  );
  const byCell = new Map<string, { id: string; name: string; email: string }[]>();
  for (const l of links) {
    const list = byCell.get(l.cellId) ?? [];
    list.push({ id: l.id, name: l.name, email: l.email });
    byCell.set(l.cellId, list);
  }
  return rows.map((r) => toCellDto(r, byCell.get(r.id) ?? []));
}

export async function listCells(db: Db, include?: "supervisors"): Promise<Cell[]> {
  const rows = await selectCells(db);
  return include === "supervisors" ? withSupervisors(db, rows) : rows.map((r) => toCellDto(r));
}

export async function getCell(db: Db, id: string): Promise<Cell> {
  const row = await selectCell(db, id);
  if (!row) throw new NotFoundError(MSG.cellNotFound);
  const [cell] = await withSupervisors(db, [row]);
  return cell;
}

/** Titles are unique in any case; the unique index decides, so two simultaneous adds cannot both win. */
function titleConflict(err: unknown): never {
  if (pgErrorCode(err) === PG.uniqueViolation)
    throw new ConflictError(MSG.cellTitleTaken, { title: MSG.cellTitleTaken });
  throw err;
}

export async function createCell(ctx: RequestContext, input: CellData): Promise<Cell> {
  let id: string;
  try {
    id = await inTransaction(ctx, async (c) => {
      const created = await insertCell(c.db, input);
      await recordIn(c, "cell", "create", { subjectId: created, subjectName: input.title });
      return created;
    });
  } catch (err) {
    titleConflict(err);
  }
  return getCell(ctx.db, id);
}

export async function updateCell(ctx: RequestContext, id: string, input: CellData): Promise<Cell> {
  let found: boolean;
  try {
    found = await inTransaction(ctx, async (c) => {
      const updated = await updateCellRow(c.db, id, input);
      if (updated) await recordIn(c, "cell", "update", { subjectId: id, subjectName: input.title });
      return updated;
    });
  } catch (err) {
    titleConflict(err);
  }
  if (!found) throw new NotFoundError(MSG.cellNotFound);
  return getCell(ctx.db, id);
}
