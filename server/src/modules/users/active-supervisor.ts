import { MSG } from "@shared/messages";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { selectRow } from "../../db/query";
import { users } from "../../db/schema";
import { ConflictError } from "../../lib/errors";

/**
 * A deactivated supervisor takes no new proposal in any way (DESIGN.md §21): every path that gives
 * a proposal a supervisor (a submission, a reassignment, placing a group by hand, a move in the
 * draft) calls this inside its transaction, before it writes. 409 naming them, at `field`.
 *
 * The account's row is read FOR KEY SHARE and held until the transaction ends. A deactivation
 * locks the row FOR UPDATE first (account-actions.repository `lockPerson`), which conflicts: it
 * waits for this transaction, and then finds the new proposal among what the person leaves
 * behind; or this read waits for the deactivation to commit and then sees it. KEY SHARE does not
 * conflict with the FOR NO KEY UPDATE that counting a supervisor's places takes (terms.repository
 * `takePlace`), so submissions to one supervisor still run side by side.
 */
export async function assertTakesProposals(db: Db, supervisorId: string, field = "supervisorId") {
  const row = await selectRow<{ name: string; deactivated: boolean }>(
    db,
    sql`select name, deactivated_at is not null as deactivated from ${users}
         where id = ${supervisorId} for key share`,
  );
  if (row?.deactivated) {
    const message = MSG.supervisorDeactivated(row.name);
    throw new ConflictError(message, { [field]: message });
  }
}
