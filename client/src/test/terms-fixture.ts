import type { Term, TermList } from "@shared/schemas/terms";
import {
  DEFAULT_DECLARATION,
  DEFAULT_DEFENSE_MINUTES,
  DEFAULT_MARKING_DAYS,
  DEFAULT_RUBRIC,
  DEFAULT_WRITING_WEEKS,
} from "@shared/thesis-settings";

/** A term's thesis settings as a new term has them (DESIGN.md §16). */
export const thesisSettings = {
  thesisDueAt: null,
  writingWeeks: DEFAULT_WRITING_WEEKS,
  gradeScale: "percent",
  gradeTolerance: 10,
  rubric: DEFAULT_RUBRIC.map((c) => ({ ...c })),
  declarationText: DEFAULT_DECLARATION,
  markingDays: DEFAULT_MARKING_DAYS,
  defenseRequired: false,
  defenseMinutes: DEFAULT_DEFENSE_MINUTES,
  gradingFrozen: false,
} satisfies Partial<Term>;

/** A term as GET /api/terms answers it: by default the fresh database's "Default" (no window, no limits). */
export const term = (o: Partial<Term> = {}): Term => ({
  id: "7e000000-0000-4000-8000-000000000001",
  name: "Default",
  mode: "direct",
  submissionsOpenAt: null,
  submissionsCloseAt: null,
  revisionsCloseAt: null,
  reviewDueDays: 7,
  committeeApproval: false,
  defaultCapacity: null,
  maxPreferences: 5,
  current: true,
  proposalCount: 0,
  allocationPublishedAt: null,
  ...thesisSettings,
  createdAt: "2025-01-01T00:00:00.000Z",
  ...o,
});

/**
 * GET /api/terms for the client tests: the current term "Default" with no window, plus any
 * `others`, and the department's time zone (UTC unless given).
 */
export const termsFixture = ({
  others = [],
  timeZone = "UTC",
}: {
  others?: Partial<Term>[];
  timeZone?: string;
} = {}): TermList => ({
  items: [
    term(),
    ...others.map((o, i) => term({ id: `7e000000-0000-4000-8000-00000000010${i}`, current: false, ...o })),
  ],
  timeZone,
});
