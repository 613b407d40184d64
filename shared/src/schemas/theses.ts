import { z } from "zod";
import { THESIS_STATES } from "../enums";
import { LIMITS } from "../limits";
import { MSG } from "../messages";
import { THESIS_ACTIONS } from "../thesis-life";
import { namedRef, pageQuery, pageResponse, uuid } from "./common";
import { termFilter } from "./terms";

/** The requests of a thesis's life (DESIGN.md §16, §23) and what they answer. */

/** POST /api/theses/:id/cancel (and the other actions that carry a required reason). */
export const thesisReasonSchema = z.object({
  reason: z
    .string({ error: "Reason must be text." })
    .trim()
    .min(1, MSG.thesisReasonRequired)
    .max(LIMITS.reasonMax, `Reason must be at most ${LIMITS.reasonMax.toLocaleString("en")} characters.`),
});
export type ThesisReasonInput = z.input<typeof thesisReasonSchema>;

/**
 * GET /api/theses, paged as every list (decision 0018): `termId` a term's id or "all" (none: any
 * term); `state` one state, or none for every thesis not yet Released, Cancelled or Annulled (§16:
 * lists default to those in progress); `overdue` "true": only those in Writing past their due date,
 * "false": only those that are not; `examinerId` only those a teacher examines, first or second (§17).
 */
export const thesisListQuery = pageQuery.extend({
  termId: termFilter,
  state: z.enum(THESIS_STATES, { error: `State must be one of ${THESIS_STATES.join(", ")}.` }).optional(),
  overdue: z.enum(["true", "false"], { error: "Overdue must be true or false." }).optional(),
  examinerId: uuid({ error: "Invalid examiner." }).optional(),
});
export type ThesisListQuery = z.input<typeof thesisListQuery>;

/** GET /api/theses/grades.csv: the committee's grades export, by the list's filters (no pages). */
export const thesisGradesCsvQuery = thesisListQuery.omit({ page: true, pageSize: true });

/** The states a list shows when it names none. */
export const THESIS_STATES_IN_PROGRESS = ["Writing", "Submitted", "Graded", "Disputed"] as const;

/** A thesis as the API answers it (students see Graded and Disputed as Submitted until release). */
export const thesisSchema = z.object({
  id: z.string(),
  proposalId: z.string(),
  title: z.string(),
  termId: z.string(),
  termName: z.string(),
  state: z.enum(THESIS_STATES),
  startedAt: z.string(),
  dueAt: z.string(),
  submittedAt: z.string().nullable(),
  supervisor: namedRef.nullable(),
  firstExaminer: namedRef.nullable(),
  secondExaminer: namedRef.nullable(),
  members: z.array(namedRef),
  /** The actions of the thesis's table the caller may take now. */
  actions: z.array(z.enum(THESIS_ACTIONS)),
  /** In Writing past its due date (§16): shown to its members, its supervisor and the committee. */
  overdue: z.boolean(),
  /**
   * To an examiner of a submitted thesis, their own assessment (§17): when it is due (submission +
   * the term's markingDays) and whether it is in; null to anyone else.
   */
  yourAssessment: z.object({ dueAt: z.string(), in: z.boolean() }).nullable(),
  updatedAt: z.string(),
});
export type Thesis = z.infer<typeof thesisSchema>;

export const thesisResponse = z.object({ thesis: thesisSchema });
export const thesisListResponse = pageResponse(thesisSchema);
export type ThesisList = z.infer<typeof thesisListResponse>;

export const thesisIdParams = z.object({ id: uuid("Invalid id.") });
