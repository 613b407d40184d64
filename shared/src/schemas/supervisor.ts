import { z } from "zod";
import { PROPOSAL_STATUSES, PROPOSAL_TYPES } from "../enums";

/** One of the supervisor's groups (a proposal addressed to them, any status). */
export const supervisorGroupSchema = z.object({
  id: z.string(),
  title: z.string(),
  type: z.enum(PROPOSAL_TYPES),
  status: z.enum(PROPOSAL_STATUSES),
  createdAt: z.string(),
  researchCell: z.object({ id: z.string(), title: z.string() }).nullable(),
  /** Creator first; a name is null when the account could not be found. */
  members: z.array(z.object({ id: z.string(), name: z.string().nullable() })),
});
export type SupervisorGroup = z.infer<typeof supervisorGroupSchema>;

export const supervisorCellSchema = z.object({ id: z.string(), title: z.string(), description: z.string() });
export type SupervisorCell = z.infer<typeof supervisorCellSchema>;

export const supervisorDashboardResponse = z.object({
  counts: z.object({
    thesisGroups: z.number(),
    projectGroups: z.number(),
    totalGroups: z.number(),
    researchCells: z.number(),
  }),
  /** Newest first. */
  groups: z.array(supervisorGroupSchema),
  /** By title. */
  cells: z.array(supervisorCellSchema),
});
export type SupervisorDashboard = z.infer<typeof supervisorDashboardResponse>;
