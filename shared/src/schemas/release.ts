import { z } from "zod";
import { GRADE_SCALES, VISIBILITIES } from "../enums";
import { MSG } from "../messages";
import { gradeText } from "./assessments";
import { namedRef, uuid } from "./common";
import { thesisReasonSchema } from "./theses";

/** The requests of the release and the official record (DESIGN.md §16, §17, §19, §23), and what they answer. */

const visibility = z.enum(VISIBILITIES, { error: MSG.visibilityInvalid });
/** An embargo date (before it the released thesis acts as Private), or null for none. */
const embargoUntil = z.iso
  .datetime({ offset: true, error: MSG.embargoInvalid })
  .transform((v) => new Date(v).toISOString())
  .nullable();

/** PUT /api/theses/:id/visibility-proposal: the supervisor's proposal, until release. */
export const visibilityProposalSchema = z.object({ visibility, embargoUntil: embargoUntil.optional() });
export type VisibilityProposalInput = z.input<typeof visibilityProposalSchema>;

/** PUT /api/theses/:id/publication-consent: a member, for themselves, until release. */
export const publicationConsentSchema = z.object({ public: z.boolean({ error: MSG.consentInvalid }) });

/** PATCH /api/theses/:id/visibility: the committee changes a released thesis's visibility or embargo. */
export const visibilityChangeSchema = z
  .object({ visibility: visibility.optional(), embargoUntil: embargoUntil.optional() })
  .refine((v) => v.visibility !== undefined || v.embargoUntil !== undefined, {
    message: MSG.visibilityInvalid,
    path: ["visibility"],
  });
export type VisibilityChangeInput = z.input<typeof visibilityChangeSchema>;

/** POST /api/theses/:id/grade-correction: one member's official grade, on the term's scale, with a reason. */
export const gradeCorrectionSchema = thesisReasonSchema.extend({
  studentId: uuid(MSG.correctionStudentRequired),
  grade: gradeText.min(1, "Give the corrected grade."),
});
export type GradeCorrectionInput = z.input<typeof gradeCorrectionSchema>;

/**
 * GET /api/theses/:id/result: the visibility proposal and the members' consents (everyone who sees
 * the thesis), and once Released its result: a member reads only their own grade and the comments
 * for the students (never an internal comment); the teachers and the committee every member's grade.
 */
export const thesisResultSchema = z.object({
  /** The term's scale, for a grade's correction. */
  scale: z.enum(GRADE_SCALES),
  proposedVisibility: visibility.nullable(),
  embargoUntil: z.string().nullable(),
  consents: z.array(z.object({ member: namedRef, public: z.boolean().nullable() })),
  /** What a release now would give: the proposal (Internal when none), Internal at most without every consent. */
  effectiveVisibility: visibility,
  /** What it was released with (or the committee's later change); null before release. */
  visibility: visibility.nullable(),
  releasedAt: z.string().nullable(),
  grades: z.array(z.object({ member: namedRef, grade: z.string() })).nullable(),
  /** Both examiners' comments for the students, after release. */
  comments: z.array(z.object({ examiner: z.string(), text: z.string() })).nullable(),
});
export type ThesisResult = z.infer<typeof thesisResultSchema>;
export const thesisResultResponse = z.object({ result: thesisResultSchema });

/** POST /api/terms/:id/release-grades: what was released, and what waits (a defense not ended). */
export const termReleaseResponse = z.object({
  released: z.array(z.object({ id: z.string(), title: z.string(), visibility })),
  waiting: z.array(z.object({ id: z.string(), title: z.string(), reason: z.string() })),
});
export type TermRelease = z.infer<typeof termReleaseResponse>;
