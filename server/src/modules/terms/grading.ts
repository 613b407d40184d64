import { DEFAULT_TOLERANCE } from "@shared/grades";
import { MSG } from "@shared/messages";
import type { Term } from "@shared/schemas/terms";
import { ConflictError } from "../../lib/errors";
import type { TermValues } from "./terms.repository";

/** The settings that mark a term's theses: frozen once one of them is submitted (DESIGN.md §16). */
const GRADING = ["gradeScale", "gradeTolerance", "rubric"] as const;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A change of a term's scale that names no tolerance takes the new scale's default (10 points, or
 * one step): a tolerance in points means nothing on a scale of steps.
 */
export function withScaleTolerance(
  stored: Term,
  next: TermValues,
  patch: { gradeTolerance?: number },
): TermValues {
  if (next.gradeScale === stored.gradeScale || patch.gradeTolerance !== undefined) return next;
  return { ...next, gradeTolerance: DEFAULT_TOLERANCE[next.gradeScale] };
}

/** 409 naming each grading setting the change touches, once a thesis of the term is submitted. */
export function assertGradingOpen(stored: Term, next: TermValues) {
  if (!stored.gradingFrozen) return;
  const touched = GRADING.filter((k) => !same(stored[k], next[k]));
  if (!touched.length) return;
  const message = MSG.gradingFrozen(stored.name);
  throw new ConflictError(message, Object.fromEntries(touched.map((k) => [k, message])));
}

export const GRADING_FIELD_NAMES = {
  thesisDueAt: "thesis due",
  writingWeeks: "writing weeks",
  gradeScale: "grade scale",
  gradeTolerance: "grade tolerance",
  rubric: "rubric",
  declarationText: "declaration",
  markingDays: "marking days",
  defenseRequired: "defense required",
  defenseMinutes: "defense minutes",
} as const;
