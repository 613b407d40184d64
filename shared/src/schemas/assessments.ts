import { z } from "zod";
import { GRADE_SCALES } from "../enums";
import { LIMITS } from "../limits";
import { MSG } from "../messages";
import { namedRef, uuid } from "./common";
import { thesisReasonSchema } from "./theses";

/** The requests of the examiners and the blind double marking (DESIGN.md §17, §23), and what they answer. */

/** PUT /api/theses/:id/examiners: the second examiner, or the first (each until their assessment is in). */
export const examinersSchema = z
  .object({
    firstExaminerId: uuid(MSG.examinerNotFound).optional(),
    secondExaminerId: uuid(MSG.examinerNotFound).optional(),
  })
  .refine((v) => v.firstExaminerId !== undefined || v.secondExaminerId !== undefined, {
    message: MSG.examinerRequired,
    path: ["secondExaminerId"],
  });
export type ExaminersInput = z.input<typeof examinersSchema>;

const comment = z
  .string({ error: "A comment must be text." })
  .trim()
  .max(LIMITS.assessmentCommentMax, MSG.commentTooLong(LIMITS.assessmentCommentMax));

/** A grade as sent: text, no longer than any scale's step ("100", "1.3", "A"); the server checks it is on the term's scale. */
export const gradeText = z
  .string({ error: "A grade must be text." })
  .trim()
  .max(LIMITS.gradeMax, `A grade is at most ${LIMITS.gradeMax} characters.`);

/** {student id: grade}: checked against the term's scale and the thesis's members by the server. */
const grades = z.record(z.string(), gradeText, {
  error: "Grades must name a grade for each member.",
});

/** PUT /api/theses/:id/assessment: scores per rubric component, a grade per member, two comments. */
export const assessmentSchema = z.object({
  scores: z.record(
    z.string(),
    z
      .number({ error: MSG.scoresInvalid })
      .int(MSG.scoresInvalid)
      .min(0, MSG.scoresInvalid)
      .max(100, MSG.scoresInvalid),
    { error: MSG.scoresInvalid },
  ),
  grades,
  studentComment: comment.default(""),
  internalComment: comment.default(""),
});
export type AssessmentInput = z.input<typeof assessmentSchema>;

/** POST /api/theses/:id/final-grades: the committee's grade for each disputed member, with a reason. */
export const finalGradesSchema = thesisReasonSchema.extend({ grades });
export type FinalGradesInput = z.input<typeof finalGradesSchema>;

/** One examiner's place: whether their assessment is in, and its content to those who may read it. */
const assessmentPlace = z.object({
  examiner: namedRef.nullable(),
  /** In: handed in (the committee sees this, not what it says, until both are in). */
  submittedAt: z.string().nullable(),
  content: z
    .object({
      scores: z.record(z.string(), z.number()),
      /** The weighted score 0–100, a guide. */
      weightedScore: z.number(),
      grades: z.record(z.string(), z.string()),
      studentComment: z.string(),
      internalComment: z.string(),
      updatedAt: z.string(),
    })
    .nullable(),
});

/** GET /api/theses/:id/assessments: blind until both are in (§17). */
export const assessmentsSchema = z.object({
  scale: z.enum(GRADE_SCALES),
  tolerance: z.number(),
  rubric: z.array(z.object({ name: z.string(), weight: z.number(), description: z.string() })),
  /** Submission + the term's markingDays; null before submission. */
  dueAt: z.string().nullable(),
  first: assessmentPlace,
  second: assessmentPlace,
  /** Once both are in, to examiners and the committee: each member's grade as it stands (null: disputed, not yet set). */
  grades: z
    .array(z.object({ member: namedRef, grade: z.string().nullable(), disputed: z.boolean() }))
    .nullable(),
});
export type Assessments = z.infer<typeof assessmentsSchema>;
export const assessmentsResponse = z.object({ assessments: assessmentsSchema });
