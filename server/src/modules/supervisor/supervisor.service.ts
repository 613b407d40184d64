import type { SupervisorDashboard, SupervisorGroup } from "@shared/schemas/supervisor";
import type { Db } from "../../db/client";
import { dashboardOf } from "./supervisor.repository";

/**
 * The dashboard: the supervisor's own groups (every proposal addressed to them, as the original
 * counted them) by type, and the cells they are assigned to. One statement, whatever the size;
 * the counts come from the groups it returns.
 */
export async function supervisorDashboard(db: Db, supervisorId: string): Promise<SupervisorDashboard> {
  const { groups: groupRows, cells } = await dashboardOf(db, supervisorId);
  // Timestamps inside JSON come back as PostgreSQL renders them; the contract wants ISO.
  const groups: SupervisorGroup[] = groupRows.map((g) => ({
    ...g,
    createdAt: new Date(g.createdAt).toISOString(),
  }));
  return {
    counts: {
      thesisGroups: groups.filter((g) => g.type === "Thesis").length,
      projectGroups: groups.filter((g) => g.type === "Project").length,
      totalGroups: groups.length,
      researchCells: cells.length,
    },
    groups,
    cells,
  };
}
