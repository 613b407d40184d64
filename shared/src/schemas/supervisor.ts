import { z } from "zod";

export const supervisorCellSchema = z.object({ id: z.string(), title: z.string(), description: z.string() });
export type SupervisorCell = z.infer<typeof supervisorCellSchema>;

/**
 * The dashboard: counts only, plus the (few) cells the supervisor is assigned to. The groups
 * behind each count are read page by page from GET /api/proposals when a modal opens.
 */
export const supervisorDashboardResponse = z.object({
  counts: z.object({
    /** Proposals addressed to the supervisor, any status, by type and in all. */
    thesisGroups: z.number(),
    projectGroups: z.number(),
    totalGroups: z.number(),
    /** Of those, the ones still Pending (waiting for the supervisor's review). */
    pendingGroups: z.number(),
    /** Of those, the ones Pending past their review's due date (DESIGN.md §8). */
    overdueGroups: z.number(),
    researchCells: z.number(),
  }),
  /** By title. */
  cells: z.array(supervisorCellSchema),
});
export type SupervisorDashboard = z.infer<typeof supervisorDashboardResponse>;
