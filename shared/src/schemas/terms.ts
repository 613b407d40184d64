import { z } from "zod";
import { GRADE_SCALES, type GradeScale, TERM_MODES } from "../enums";
import { MAX_TOLERANCE } from "../grades";
import { LIMITS } from "../limits";
import { MSG } from "../messages";
import {
  DEFAULT_DECLARATION,
  DEFAULT_DEFENSE_MINUTES,
  DEFAULT_MARKING_DAYS,
  DEFAULT_RUBRIC,
  DEFAULT_WRITING_WEEKS,
  type RubricComponent,
  toleranceUnit,
} from "../thesis-settings";
import { optionalText, shownText, uuid, wholeNumber } from "./common";

/** A moment of a term: an ISO instant with its offset (the client sends UTC), or null for no limit. */
const instant = (label: string) =>
  z.iso
    .datetime({ offset: true, error: `${label} must be a date and time.` })
    .transform((v) => new Date(v).toISOString())
    .nullable();

/**
 * A rubric (DESIGN.md §16): one to RUBRIC_MAX components with their own names, weights adding up
 * to 100. The sum's issue is the rubric's own (field "rubric"); a component's, its field's.
 */
export const RUBRIC_MAX = 20;
export const rubricSchema = z
  .array(
    z.object({
      name: shownText("Component name", 80),
      weight: wholeNumber("Weight", 1, 100),
      description: optionalText("Description", 1000),
    }),
    { error: "Rubric must be a list of components." },
  )
  .min(1, "The rubric needs at least one component.")
  .max(RUBRIC_MAX, `The rubric has at most ${RUBRIC_MAX} components.`)
  .superRefine((rubric, ctx) => {
    const sum = rubric.reduce((n, c) => n + (Number.isFinite(c.weight) ? c.weight : 0), 0);
    if (sum !== 100) ctx.addIssue({ code: "custom", message: MSG.rubricWeightsSum(sum) });
    const names = rubric.map((c) => c.name.toLowerCase());
    if (new Set(names).size !== names.length)
      ctx.addIssue({ code: "custom", message: MSG.rubricNamesUnique });
  });

/** The fields of a term (DESIGN.md §8, §16); every one but the name has a default. */
const termFields = z.object({
  name: shownText("Name", LIMITS.termNameMax),
  mode: z.enum(TERM_MODES, { error: "Mode must be direct or allocation." }),
  submissionsOpenAt: instant("Submissions open"),
  submissionsCloseAt: instant("Submissions close"),
  revisionsCloseAt: instant("Revisions close"),
  reviewDueDays: wholeNumber("Review due", 1, LIMITS.reviewDueDaysMax),
  committeeApproval: z.boolean({ error: "Committee approval must be true or false." }),
  defaultCapacity: wholeNumber("Default places", 0, LIMITS.capacityMax).nullable(),
  maxPreferences: wholeNumber("Preferences", 1, LIMITS.maxPreferencesMax),
  thesisDueAt: instant("Thesis due"),
  writingWeeks: wholeNumber("Writing weeks", 1, 260),
  gradeScale: z.enum(GRADE_SCALES, { error: "Grade scale must be percent, german or letter." }),
  gradeTolerance: wholeNumber("Grade tolerance", 0, 100),
  rubric: rubricSchema,
  declarationText: shownText("Declaration", 4000),
  markingDays: wholeNumber("Marking days", 1, 365),
  defenseRequired: z.boolean({ error: "Defense required must be true or false." }),
  defenseMinutes: wholeNumber("Defense minutes", 15, 480),
});
export type TermFields = z.output<typeof termFields>;
export type { RubricComponent };

/**
 * The order of a term's moments, for a whole term (a new one, or a stored one with a change
 * applied): which field is wrong and why. One rule for the create schema, the change, and the form.
 */
export function termDateIssues(
  t: Pick<TermFields, "submissionsOpenAt" | "submissionsCloseAt" | "revisionsCloseAt">,
) {
  const issues: { field: "submissionsCloseAt" | "revisionsCloseAt"; message: string }[] = [];
  const ms = (v: string | null) => (v === null ? null : new Date(v).getTime());
  const open = ms(t.submissionsOpenAt);
  const close = ms(t.submissionsCloseAt);
  const revisions = ms(t.revisionsCloseAt);
  if (open !== null && close !== null && close <= open)
    issues.push({ field: "submissionsCloseAt", message: MSG.closeBeforeOpen });
  if (open !== null && revisions !== null && revisions <= open)
    issues.push({ field: "revisionsCloseAt", message: MSG.revisionsBeforeOpen });
  return issues;
}

/** The tolerance against the scale, for a whole term (a new one, or a stored one with a change applied). */
export function termGradingIssues(t: { gradeScale: GradeScale; gradeTolerance?: number }) {
  const max = MAX_TOLERANCE[t.gradeScale];
  return t.gradeTolerance !== undefined && t.gradeTolerance > max
    ? [{ field: "gradeTolerance" as const, message: MSG.toleranceTooLarge(max, toleranceUnit(t.gradeScale)) }]
    : [];
}

/** POST /api/terms. */
export const termInputSchema = termFields
  .extend({
    mode: termFields.shape.mode.default("direct"),
    submissionsOpenAt: termFields.shape.submissionsOpenAt.default(null),
    submissionsCloseAt: termFields.shape.submissionsCloseAt.default(null),
    revisionsCloseAt: termFields.shape.revisionsCloseAt.default(null),
    reviewDueDays: termFields.shape.reviewDueDays.default(7),
    committeeApproval: termFields.shape.committeeApproval.default(false),
    defaultCapacity: termFields.shape.defaultCapacity.default(null),
    maxPreferences: termFields.shape.maxPreferences.default(5),
    thesisDueAt: termFields.shape.thesisDueAt.default(null),
    writingWeeks: termFields.shape.writingWeeks.default(DEFAULT_WRITING_WEEKS),
    gradeScale: termFields.shape.gradeScale.default("percent"),
    // None: the scale's default (10 points, or one step).
    gradeTolerance: termFields.shape.gradeTolerance.optional(),
    rubric: termFields.shape.rubric.default(() => DEFAULT_RUBRIC.map((c) => ({ ...c }))),
    declarationText: termFields.shape.declarationText.default(DEFAULT_DECLARATION),
    markingDays: termFields.shape.markingDays.default(DEFAULT_MARKING_DAYS),
    defenseRequired: termFields.shape.defenseRequired.default(false),
    defenseMinutes: termFields.shape.defenseMinutes.default(DEFAULT_DEFENSE_MINUTES),
  })
  .superRefine((t, ctx) => {
    for (const i of [...termDateIssues(t), ...termGradingIssues(t)])
      ctx.addIssue({ code: "custom", path: [i.field], message: i.message });
  });
export type TermInput = z.input<typeof termInputSchema>;

/** PATCH /api/terms/:id: any of the fields; the server checks the dates against the stored ones. */
export const termPatchSchema = termFields.partial();
export type TermPatch = z.input<typeof termPatchSchema>;

/** A term as the API answers it (plain values: a response schema has no transforms). */
export const termSchema = z.object({
  id: z.string(),
  name: z.string(),
  mode: z.enum(TERM_MODES),
  submissionsOpenAt: z.string().nullable(),
  submissionsCloseAt: z.string().nullable(),
  revisionsCloseAt: z.string().nullable(),
  reviewDueDays: z.number(),
  committeeApproval: z.boolean(),
  defaultCapacity: z.number().nullable(),
  maxPreferences: z.number(),
  /** The one current term: new proposals go into it. */
  current: z.boolean(),
  /** How many proposals the term holds: with any, it cannot be deleted, and its mode is frozen. */
  proposalCount: z.number(),
  /** Allocation terms: when the allocation was published (then topics and preferences are frozen). */
  allocationPublishedAt: z.string().nullable(),
  thesisDueAt: z.string().nullable(),
  writingWeeks: z.number(),
  gradeScale: z.enum(GRADE_SCALES),
  gradeTolerance: z.number(),
  rubric: z.array(z.object({ name: z.string(), weight: z.number(), description: z.string() })),
  declarationText: z.string(),
  markingDays: z.number(),
  defenseRequired: z.boolean(),
  defenseMinutes: z.number(),
  /** A thesis of the term has been submitted: its grade scale, tolerance and rubric are frozen (§16). */
  gradingFrozen: z.boolean(),
  createdAt: z.string(),
});
export type Term = z.infer<typeof termSchema>;

/**
 * Why a term cannot be deleted, or null when it can (DESIGN.md §15: DELETE only without
 * proposals): the server's 409, and whether the Terms screen offers Delete.
 */
export function termDeleteRefusal(t: Pick<Term, "current" | "proposalCount">): string | null {
  if (t.current) return MSG.termIsCurrent;
  if (t.proposalCount > 0) return MSG.termHasProposals;
  return null;
}

/** GET /api/terms: every term, newest first, and the zone their times are shown in. */
export const termListResponse = z.object({ items: z.array(termSchema), timeZone: z.string() });
export type TermList = z.infer<typeof termListResponse>;
export const termResponse = z.object({ term: termSchema });

export const termSupervisorParams = z.object({ id: uuid("Invalid id."), supervisorId: uuid("Invalid id.") });

/** PUT /api/terms/:id/capacities/:supervisorId. */
export const capacityInputSchema = z.object({
  capacity: wholeNumber("Capacity", 0, LIMITS.capacityMax),
});
export type CapacityInput = z.input<typeof capacityInputSchema>;

/** GET /api/terms/:id/load: each supervisor's places in use, and their capacity (null = unlimited). */
export const supervisorLoadSchema = z.object({
  supervisorId: z.string(),
  name: z.string(),
  used: z.number(),
  capacity: z.number().nullable(),
  /** Whether the capacity is the supervisor's own (else the term's default, or unlimited). */
  override: z.boolean(),
  /** Of the places in use, the proposals Pending past their review's due date. */
  overdue: z.number(),
});
export type SupervisorLoad = z.infer<typeof supervisorLoadSchema>;
export const termLoadResponse = z.object({ items: z.array(supervisorLoadSchema) });
export type TermLoad = z.infer<typeof termLoadResponse>;

/**
 * `termId` of a list, a dashboard or an export: a term's id, or "all"; none means the current
 * term (DESIGN.md §8).
 */
export const termFilter = z
  .union([uuid(), z.literal("all")], { error: "Term must be a term's id or all." })
  .optional();
export type TermFilter = z.input<typeof termFilter>;

/** ?termId= of a dashboard: the proposal counts are the term's (none = the current term). */
export const termQuery = z.object({ termId: termFilter });
export type TermQuery = z.input<typeof termQuery>;
