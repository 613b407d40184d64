import { z } from "zod";
import { PROPOSAL_STATUSES, PROPOSAL_TYPES } from "../enums";
import { proposalListQuery } from "./proposals";
import { termFilter } from "./terms";
import { searchParam } from "./users";

/** A count for every status (DESIGN.md §9). */
const statusCounts = z.object({ byStatus: z.record(z.enum(PROPOSAL_STATUSES), z.number()) });
export type StatusCounts = z.infer<typeof statusCounts>;

/**
 * A new department's first steps (decision 0056), in order, each done or not as the data says:
 * a term set up, research cells, teachers, teachers assigned to cells, students.
 */
const setupSchema = z.object({
  term: z.boolean(),
  cells: z.boolean(),
  teachers: z.boolean(),
  assignments: z.boolean(),
  students: z.boolean(),
});
export type Setup = z.infer<typeof setupSchema>;
export type SetupStep = keyof Setup;
export const SETUP_STEPS = setupSchema.keyof().options;

/** GET /api/committee/dashboard */
export const committeeDashboardResponse = z.object({
  students: z.number(),
  supervisors: z.number(),
  committee: z.number(),
  researchCells: z.number(),
  /** The term's proposals by status, in all, and Pending past their review's due date. */
  proposals: statusCounts.extend({ total: z.number(), overdue: z.number() }),
  /** Every cell with its proposals by status, most proposals first. */
  perCell: z.array(statusCounts.extend({ id: z.string(), title: z.string() })),
  /** The getting-started steps, each done or not. */
  setup: setupSchema,
});
export type CommitteeDashboard = z.infer<typeof committeeDashboardResponse>;

/** GET /api/exports/users.csv: the same filters as the list. */
export const userExportQuery = z.object({
  role: z.enum(["student", "supervisor", "committee"], {
    error: (iss) =>
      iss.input == null || iss.input === ""
        ? "Role is required."
        : "Role must be student, supervisor or committee.",
  }),
  q: searchParam,
});
export type UserExportQuery = z.input<typeof userExportQuery>;

/** GET /api/exports/proposals.csv */
export const proposalExportQuery = z.object({
  status: z
    .enum(PROPOSAL_STATUSES, { error: `Status must be one of ${PROPOSAL_STATUSES.join(", ")}.` })
    .optional(),
  type: z.enum(PROPOSAL_TYPES, { error: "Type must be Thesis or Project." }).optional(),
  termId: termFilter,
  // The Proposals screen's own filters, as its list reads them: its export is what it shows.
  q: proposalListQuery.shape.q,
  researchCellId: proposalListQuery.shape.researchCellId,
  supervisorId: proposalListQuery.shape.supervisorId,
});
export type ProposalExportQuery = z.input<typeof proposalExportQuery>;
