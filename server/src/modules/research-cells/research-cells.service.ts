import { MSG } from "@shared/messages";
import type { Cell, CellInput } from "@shared/schemas/cells";
import type { Db } from "../../db/client";
import { transaction } from "../../db/query";
import { ConflictError, NotFoundError, PG, pgErrorCode } from "../../lib/errors";
import { type ActedBy, recordAction } from "../activity/activity.repository";
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

export async function createCell(db: Db, input: CellData, by: ActedBy): Promise<Cell> {
  let id: string;
  try {
    id = await transaction(db, async (tx) => {
      const created = await insertCell(tx, input);
      await recordAction(tx, by, "cell", "create", { id: created, name: input.title });
      return created;
    });
  } catch (err) {
    titleConflict(err);
  }
  return getCell(db, id);
}

export async function updateCell(db: Db, id: string, input: CellData, by: ActedBy): Promise<Cell> {
  let found: boolean;
  try {
    found = await transaction(db, async (tx) => {
      const updated = await updateCellRow(tx, id, input);
      if (updated) await recordAction(tx, by, "cell", "update", { id, name: input.title });
      return updated;
    });
  } catch (err) {
    titleConflict(err);
  }
  if (!found) throw new NotFoundError(MSG.cellNotFound);
  return getCell(db, id);
}
