import type { SupervisorDashboard, SupervisorGroup } from "@shared/schemas/supervisor";
import type { Db } from "../../db/client";
import { cellsOf, groupsOf, membersOfGroupsOf } from "./supervisor.repository";

/**
 * The dashboard: the supervisor's own groups (every proposal addressed to them, as the original
 * counted them) by type, and the cells they are assigned to. Three queries, whatever the size.
 */
export async function supervisorDashboard(db: Db, supervisorId: string): Promise<SupervisorDashboard> {
  const [groupRows, memberRows, cells] = await Promise.all([
    groupsOf(db, supervisorId),
    membersOfGroupsOf(db, supervisorId),
    cellsOf(db, supervisorId),
  ]);
  const membersByGroup = new Map<string, SupervisorGroup["members"]>();
  for (const m of memberRows) {
    const list = membersByGroup.get(m.proposalId) ?? [];
    list.push({ id: m.userId, name: m.name });
    membersByGroup.set(m.proposalId, list);
  }
  const groups: SupervisorGroup[] = groupRows.map((g) => ({
    id: g.id,
    title: g.title,
    type: g.type,
    status: g.status,
    createdAt: g.createdAt.toISOString(),
    researchCell: g.cellId && g.cellTitle != null ? { id: g.cellId, title: g.cellTitle } : null,
    members: membersByGroup.get(g.id) ?? [],
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
