import type { GradeScale, TermMode } from "@shared/enums";
import { DEFAULT_TOLERANCE } from "@shared/grades";
import {
  type Term,
  type TermInput,
  type TermPatch,
  termDateIssues,
  termGradingIssues,
  termInputSchema,
  termPatchSchema,
} from "@shared/schemas/terms";
import {
  DEFAULT_DECLARATION,
  DEFAULT_DEFENSE_MINUTES,
  DEFAULT_MARKING_DAYS,
  DEFAULT_RUBRIC,
  DEFAULT_WRITING_WEEKS,
} from "@shared/thesis-settings";
import { utcToWall, wallToUtc } from "@shared/time";
import { z } from "zod";

/**
 * What the term form holds: moments as the zone's wall-clock time ("2027-01-12T09:00", empty for
 * no limit), numbers as Mantine's NumberInput gives them ("" when empty). The field names are the
 * API's, so that a schema's issue, or the server's, lands on its field.
 */
export interface TermFormValues {
  name: string;
  mode: TermMode;
  submissionsOpenAt: string;
  submissionsCloseAt: string;
  revisionsCloseAt: string;
  reviewDueDays: number | string;
  committeeApproval: boolean;
  defaultCapacity: number | string;
  maxPreferences: number | string;
  // The thesis (DESIGN.md §16).
  thesisDueAt: string;
  writingWeeks: number | string;
  gradeScale: GradeScale;
  gradeTolerance: number | string;
  rubric: { name: string; weight: number | string; description: string }[];
  declarationText: string;
  markingDays: number | string;
  defenseRequired: boolean;
  defenseMinutes: number | string;
}

export const emptyTermValues: TermFormValues = {
  name: "",
  mode: "direct",
  submissionsOpenAt: "",
  submissionsCloseAt: "",
  revisionsCloseAt: "",
  reviewDueDays: 7,
  committeeApproval: false,
  defaultCapacity: "",
  maxPreferences: 5,
  thesisDueAt: "",
  writingWeeks: DEFAULT_WRITING_WEEKS,
  gradeScale: "percent",
  gradeTolerance: DEFAULT_TOLERANCE.percent,
  rubric: DEFAULT_RUBRIC.map((c) => ({ ...c })),
  declarationText: DEFAULT_DECLARATION,
  markingDays: DEFAULT_MARKING_DAYS,
  defenseRequired: false,
  defenseMinutes: DEFAULT_DEFENSE_MINUTES,
};

const wall = (iso: string | null, zone: string) => (iso ? utcToWall(iso, zone) : "");

export function termToValues(t: Term, zone: string): TermFormValues {
  return {
    name: t.name,
    mode: t.mode,
    submissionsOpenAt: wall(t.submissionsOpenAt, zone),
    submissionsCloseAt: wall(t.submissionsCloseAt, zone),
    revisionsCloseAt: wall(t.revisionsCloseAt, zone),
    reviewDueDays: t.reviewDueDays,
    committeeApproval: t.committeeApproval,
    defaultCapacity: t.defaultCapacity ?? "",
    maxPreferences: t.maxPreferences,
    thesisDueAt: wall(t.thesisDueAt, zone),
    writingWeeks: t.writingWeeks,
    gradeScale: t.gradeScale,
    gradeTolerance: t.gradeTolerance,
    rubric: t.rubric.map((c) => ({ ...c })),
    declarationText: t.declarationText,
    markingDays: t.markingDays,
    defenseRequired: t.defenseRequired,
    defenseMinutes: t.defenseMinutes,
  };
}

/** An empty moment is no limit; a time the zone's clock never shows is sent as typed, for the schema to refuse. */
const instant = (v: string, zone: string) => (v === "" ? null : (wallToUtc(v, zone) ?? v));
/** An empty number is null: for Default places that is "unlimited"; elsewhere the schema refuses it. */
const number = (v: number | string) => (v === "" ? null : Number(v));

/** The request body the form's values stand for. */
export function valuesToInput(v: TermFormValues, zone: string) {
  return {
    name: v.name,
    mode: v.mode,
    submissionsOpenAt: instant(v.submissionsOpenAt, zone),
    submissionsCloseAt: instant(v.submissionsCloseAt, zone),
    revisionsCloseAt: instant(v.revisionsCloseAt, zone),
    reviewDueDays: number(v.reviewDueDays),
    committeeApproval: v.committeeApproval,
    defaultCapacity: number(v.defaultCapacity),
    maxPreferences: number(v.maxPreferences),
    thesisDueAt: instant(v.thesisDueAt, zone),
    writingWeeks: number(v.writingWeeks),
    gradeScale: v.gradeScale,
    gradeTolerance: number(v.gradeTolerance),
    rubric: v.rubric.map((c) => ({ name: c.name, weight: number(c.weight), description: c.description })),
    declarationText: v.declarationText,
    markingDays: number(v.markingDays),
    defenseRequired: v.defenseRequired,
    defenseMinutes: number(v.defenseMinutes),
  } as TermInput;
}

/** The fields whose values differ from those the form started with, as a PATCH body. */
export function changedFields(values: TermFormValues, initial: TermFormValues, zone: string) {
  const input = valuesToInput(values, zone) as Record<string, unknown>;
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(values) as (keyof TermFormValues)[])
    if (JSON.stringify(values[key]) !== JSON.stringify(initial[key])) patch[key] = input[key];
  return patch;
}

/**
 * The schemas the server checks with, read through the form's values: a new term against
 * termInputSchema; an edited one field by field, with the order of its moments (termDateIssues)
 * checked on the whole term as it would be stored.
 */
export const createTermSchema = (zone: string) =>
  z
    .custom<TermFormValues>()
    .transform((v) => valuesToInput(v, zone))
    .pipe(termInputSchema);

export const editTermSchema = (zone: string) =>
  z
    .custom<TermFormValues>()
    .transform((v) => valuesToInput(v, zone) as TermPatch)
    .pipe(
      termPatchSchema.superRefine((t, ctx) => {
        const dates = {
          submissionsOpenAt: t.submissionsOpenAt ?? null,
          submissionsCloseAt: t.submissionsCloseAt ?? null,
          revisionsCloseAt: t.revisionsCloseAt ?? null,
        };
        const grading = { gradeScale: t.gradeScale ?? "percent", gradeTolerance: t.gradeTolerance };
        for (const i of [...termDateIssues(dates), ...termGradingIssues(grading)])
          ctx.addIssue({ code: "custom", path: [i.field], message: i.message });
      }),
    );
