import { MSG } from "@shared/messages";
import type { Db } from "../../db/client";
import { ConflictError } from "../../lib/errors";
import { holdSupervisor } from "./active-supervisor.repository";

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
  const row = await holdSupervisor(db, supervisorId);
  if (row?.deactivated) {
    const message = MSG.supervisorDeactivated(row.name);
    throw new ConflictError(message, { [field]: message });
  }
}
