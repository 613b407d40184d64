import type { GradeScale } from "./enums";

/**
 * A term's thesis settings (DESIGN.md §16): their defaults and bounds, once, for the database's
 * defaults, the term schema and the Terms form.
 */

/** One component of a term's rubric: the examiners score each 0–100; the weights add up to 100. */
export interface RubricComponent {
  name: string;
  weight: number;
  description: string;
}

export const DEFAULT_RUBRIC: readonly RubricComponent[] = [{ name: "Overall", weight: 100, description: "" }];

export const DEFAULT_DECLARATION =
  "I declare that I wrote my part of this thesis myself, that I used no sources or aids other than those I name, and that I marked every quotation and every idea taken from others as such. This work has not been submitted for any other examination.";

export const DEFAULT_WRITING_WEEKS = 26;
export const DEFAULT_MARKING_DAYS = 28;
export const DEFAULT_DEFENSE_MINUTES = 45;

export const GRADE_SCALE_LABEL: Record<GradeScale, string> = {
  percent: "Percent (0–100, pass from 40)",
  german: "German (1.0–5.0, pass up to 4.0)",
  letter: "Letter (A–F, pass up to E)",
};

export const toleranceUnit = (scale: GradeScale) => (scale === "percent" ? "points" : "steps");
