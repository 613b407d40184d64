import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { selectRow } from "../../db/query";
import { supervisorCells, users } from "../../db/schema";

/**
 * The supervisor, if assigned to the cell; the link row is held (FOR SHARE) so that removing them
 * from the cell waits for this transaction.
 */
export function supervisorOfCell(db: Db, supervisorId: string, cellId: string) {
  return selectRow<{ id: string; name: string }>(
    db,
    sql`select u.id, u.name from ${supervisorCells} sc
          join ${users} u on u.id = sc.supervisor_id and u.role = 'supervisor'
         where sc.supervisor_id = ${supervisorId} and sc.research_cell_id = ${cellId}
           for share of sc`,
  );
}
