/**
 * Grades and the blind double marking's decision (DESIGN.md §16, §17), in one place for the
 * server (which decides) and the client (which offers the scale's grades and shows the guide).
 *
 * A grade travels as a string in the term's scale: "0"–"100" (percent), "1.0"–"5.0" (german),
 * "A"–"F" (letter). The scales with steps are listed best first, so a step's index is its rank.
 */

import type { GradeScale } from "./enums";
import type { RubricComponent } from "./thesis-settings";

/** The steps of the scales that have them, best first. Percent has whole points instead. */
export const GRADE_STEPS: Record<Exclude<GradeScale, "percent">, readonly string[]> = {
  german: ["1.0", "1.3", "1.7", "2.0", "2.3", "2.7", "3.0", "3.3", "3.7", "4.0", "5.0"],
  letter: ["A", "B", "C", "D", "E", "F"],
};

/** The lowest passing grade of each scale. */
export const PASS_MARK: Record<GradeScale, string> = { percent: "40", german: "4.0", letter: "E" };

/** The grade a thesis recorded as failed (not submitted) gets for every member (§16). */
export const FAIL_GRADE: Record<GradeScale, string> = { percent: "0", german: "5.0", letter: "F" };

/** How far two examiners may be apart before a member is Disputed: points (percent) or steps. */
export const DEFAULT_TOLERANCE: Record<GradeScale, number> = { percent: 10, german: 1, letter: 1 };

/** The largest tolerance that still means something: the scale's whole width. */
export const MAX_TOLERANCE: Record<GradeScale, number> = {
  percent: 100,
  german: GRADE_STEPS.german.length - 1,
  letter: GRADE_STEPS.letter.length - 1,
};

/** Every grade of the scale, best first (percent: 100 down to 0), for a picker. */
export function gradesOf(scale: GradeScale): readonly string[] {
  if (scale === "percent") return Array.from({ length: 101 }, (_, i) => String(100 - i));
  return GRADE_STEPS[scale];
}

/**
 * A grade's rank on its scale, where a lower rank is better: percent, 100 − points; the others,
 * the step's index. Null when the value is not a grade of the scale.
 */
export function rankOf(scale: GradeScale, grade: string): number | null {
  if (scale === "percent") {
    if (!/^(0|[1-9]\d?|100)$/.test(grade)) return null;
    return 100 - Number(grade);
  }
  const i = GRADE_STEPS[scale].indexOf(grade);
  return i < 0 ? null : i;
}

const gradeAt = (scale: GradeScale, rank: number) =>
  scale === "percent" ? String(100 - rank) : GRADE_STEPS[scale][rank]!;

export const isGrade = (scale: GradeScale, grade: string) => rankOf(scale, grade) !== null;

/** Whether a grade passes: at least 40 points, 4.0 or better, E or better. */
export function passes(scale: GradeScale, grade: string): boolean {
  const rank = rankOf(scale, grade);
  if (rank === null) throw new RangeError(`${grade} is not a grade of the ${scale} scale`);
  return rank <= rankOf(scale, PASS_MARK[scale])!;
}

export type MemberDecision =
  | { outcome: "agreed"; grade: string }
  | { outcome: "disputed"; why: "passAndFail" | "beyondTolerance" };

/**
 * One member's decision from the two proposed grades (§17): Disputed when one passes and the
 * other fails, or when they are more than `tolerance` apart (points or steps); otherwise their
 * mean on the ranks, rounded to the nearest step, halfway towards the better grade.
 */
export function decideMember(scale: GradeScale, tolerance: number, a: string, b: string): MemberDecision {
  const ra = rankOf(scale, a);
  const rb = rankOf(scale, b);
  if (ra === null || rb === null)
    throw new RangeError(`${ra === null ? a : b} is not a grade of the ${scale} scale`);
  if (passes(scale, a) !== passes(scale, b)) return { outcome: "disputed", why: "passAndFail" };
  if (Math.abs(ra - rb) > tolerance) return { outcome: "disputed", why: "beyondTolerance" };
  // Ranks are whole numbers, so the mean is whole or exactly halfway; halfway goes to the better (lower) rank.
  return { outcome: "agreed", grade: gradeAt(scale, Math.floor((ra + rb) / 2)) };
}

export interface ThesisDecision {
  /** Graded when no member is disputed; Disputed otherwise (the committee then sets those grades). */
  state: "Graded" | "Disputed";
  members: Record<string, MemberDecision>;
}

/**
 * The thesis's decision once both assessments are in: each member's, from the grade each examiner
 * proposed for them. Both assessments grade the same members (the server checks that first).
 */
export function decideThesis(
  scale: GradeScale,
  tolerance: number,
  first: Record<string, string>,
  second: Record<string, string>,
): ThesisDecision {
  const members: Record<string, MemberDecision> = {};
  for (const id of Object.keys(first)) {
    const other = second[id];
    if (other === undefined) throw new RangeError(`the second assessment does not grade member ${id}`);
    members[id] = decideMember(scale, tolerance, first[id]!, other);
  }
  const disputed = Object.values(members).some((m) => m.outcome === "disputed");
  return { state: disputed ? "Disputed" : "Graded", members };
}

/** The weighted score (0–100, one decimal) of an assessment's scores: a guide, never the grade. */
export function weightedScore(rubric: readonly RubricComponent[], scores: Record<string, number>): number {
  const sum = rubric.reduce((s, c) => s + c.weight * (scores[c.name] ?? 0), 0);
  return Math.round(sum / 10) / 10;
}
