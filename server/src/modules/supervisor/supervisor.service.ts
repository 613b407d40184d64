import type { SupervisorDashboard } from "@shared/schemas/supervisor";
import type { Db } from "../../db/client";
import { dashboardOf } from "./supervisor.repository";

/**
 * The dashboard: how many groups the supervisor has (the active proposals addressed to them:
 * Pending and Approved today, never Denied) by type, in all and still Pending, and the cells they
 * are assigned to. One statement; the lists behind the counts come from GET
 * /api/proposals?active=true, which selects the same proposals.
 */
export async function supervisorDashboard(
  db: Db,
  supervisorId: string,
  termId: string | undefined,
  now: Date,
): Promise<SupervisorDashboard> {
  return dashboardOf(db, supervisorId, termId, now);
}
