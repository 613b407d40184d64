import type { Term, TermList } from "@shared/schemas/terms";

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
