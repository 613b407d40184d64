import { z } from "zod";
import { LIMITS } from "../limits";
import { uuid } from "./common";

/** GET /api/supervisors?researchCellId= — the supervisors assigned to one cell. */
export const supervisorListQuery = z.object({
  researchCellId: uuid({
    error: (iss) => (iss.input == null ? "Research cell is required." : "Invalid research cell."),
  }),
});
export type SupervisorListQuery = z.input<typeof supervisorListQuery>;

export const supervisorOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  /** Places left in the current term (DESIGN.md §8); null = no limit. 0 = full: not selectable. */
  placesLeft: z.number().nullable(),
});
export type SupervisorOption = z.infer<typeof supervisorOptionSchema>;
export const supervisorListResponse = z.object({ items: z.array(supervisorOptionSchema) });
export type SupervisorList = z.infer<typeof supervisorListResponse>;

export const SEARCH_TOO_SHORT = `Type at least ${LIMITS.searchMin} characters to search.`;

/**
 * GET /api/students?q= — other students for the group picker; never emails. No q lists the first
 * students by name; a search is at least LIMITS.searchMin characters.
 */
export const studentSearchQuery = z.object({
  q: z
    .string()
    .trim()
    .max(LIMITS.searchMax, `Search must be at most ${LIMITS.searchMax} characters.`)
    .refine((q) => q === "" || q.length >= LIMITS.searchMin, SEARCH_TOO_SHORT)
    .default(""),
});
export type StudentSearchQuery = z.input<typeof studentSearchQuery>;

/**
 * Why a student found by the group picker cannot be invited, shown beside their greyed name
 * (issue 30, decision 0055): `inGroup`, they hold their one place in the current term (as
 * creator or accepted member). Null: they can be invited.
 */
export const STUDENT_UNAVAILABLE = { inGroup: "already in a group this term" } as const;
export type StudentUnavailable = keyof typeof STUDENT_UNAVAILABLE;

export const studentOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  studentId: z.string().nullable(),
  unavailable: z.enum(["inGroup"]).nullable(),
});
export type StudentOption = z.infer<typeof studentOptionSchema>;
export const studentSearchResponse = z.object({ items: z.array(studentOptionSchema) });
export type StudentSearch = z.infer<typeof studentSearchResponse>;

/** How many students one search returns at most. */
export const STUDENT_SEARCH_LIMIT = 20;
