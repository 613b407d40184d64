import { DEFAULT_TOLERANCE } from "@shared/grades";
import type { User } from "@shared/schemas/auth";
import type { Cell } from "@shared/schemas/cells";
import type { ActivityItem } from "@shared/schemas/life";
import type { Notice } from "@shared/schemas/notices";
import type { Proposal, ProposalFields, ProposalSummary } from "@shared/schemas/proposals";
import type { Term, TermList } from "@shared/schemas/terms";
import type { Thesis } from "@shared/schemas/theses";
import type { Person } from "@shared/schemas/users";
import {
  DEFAULT_DECLARATION,
  DEFAULT_DEFENSE_MINUTES,
  DEFAULT_MARKING_DAYS,
  DEFAULT_RUBRIC,
  DEFAULT_WRITING_WEEKS,
} from "@shared/thesis-settings";

/**
 * Answers of the API as the client tests need them, typed by the shared response types: each
 * factory fills every field with a plain default, so a test writes only the fields it cares about.
 */

/** The fresh database's term "Default" (the id the server's first migration gives it). */
export const DEFAULT_TERM_ID = "7e000000-0000-4000-8000-000000000001";

/** A signed-in user as GET /api/me answers it: by default a student. */
export const makeUser = (o: Partial<User> = {}): User => ({
  id: "00000000-0000-4000-8000-000000000001",
  name: "Test Student",
  email: "test@uni.example",
  role: "student",
  studentId: "S-1",
  pictureUrl: null,
  emailNotifications: true,
  createdAt: new Date(0).toISOString(),
  ...o,
});

/** A person as the committee's lists show them: by default an active student. */
export const makePerson = (o: Partial<Person> = {}): Person => {
  const { emailNotifications: _, ...user } = makeUser();
  return { ...user, ...o };
};

/** A member of a proposal's group: by default its accepted creator. */
export const makeMember = (o: Partial<ProposalFields["members"][number]> = {}) => ({
  id: "s1",
  name: "Tanvir Hasan",
  studentId: "S1",
  position: 0,
  state: "accepted" as const,
  ...o,
});

const proposalFields = (o: Partial<ProposalFields>): ProposalFields => ({
  id: "11111111-1111-4111-8111-111111111111",
  title: "Graph neural networks for phishing",
  type: "Thesis",
  status: "Pending",
  researchCell: { id: "c1", title: "Security" },
  supervisor: { id: "t1", name: "Prof. Ada", email: "ada@uni.example" },
  createdBy: { id: "s1", name: "Tanvir Hasan" },
  members: [makeMember()],
  createdAt: "2025-03-01T10:00:00.000Z",
  feedback: null,
  reviewedAt: null,
  reviewedBy: null,
  term: {
    id: DEFAULT_TERM_ID,
    name: "Default",
    mode: "direct",
    committeeApproval: false,
    revisionsCloseAt: null,
  },
  reviewDueAt: null,
  committeeFeedback: null,
  committeeDecidedAt: null,
  committeeDecidedBy: null,
  version: 1,
  document: null,
  thesisId: null,
  ...o,
});

/** A proposal as its page answers it (GET /api/proposals/:id): Pending, in the default term. */
export const makeProposal = (o: Partial<Proposal> = {}): Proposal => ({
  ...proposalFields(o),
  abstract: o.abstract ?? "We detect phishing websites.",
});

/** A proposal in a list (its excerpt instead of the abstract): Pending, in the default term. */
export const makeProposalSummary = (o: Partial<ProposalSummary> = {}): ProposalSummary => ({
  ...proposalFields(o),
  excerpt: o.excerpt ?? "We detect phishing websites.",
});

/** A research cell as GET /api/research-cells answers it. */
export const makeCell = (o: Partial<Cell> = {}): Cell => ({
  id: "c1",
  title: "Security",
  description: "",
  supervisorCount: 0,
  proposalCount: 0,
  createdAt: "2025-01-01T00:00:00.000Z",
  ...o,
});

/** A notice as its recipient sees it: unread, from a supervisor to a group. */
export const makeNotice = (o: Partial<Notice> = {}): Notice => ({
  id: "n1",
  title: "Meeting",
  description: "",
  createdAt: "2025-03-01T10:00:00.000Z",
  supervisor: { id: "t1", name: "Prof. Ada" },
  group: { id: "11111111-1111-4111-8111-111111111111", title: "Graph neural networks for phishing" },
  readAt: null,
  ...o,
});

/** A row of a timeline or the activity log: by default a submission. */
export const makeActivity = (o: Partial<ActivityItem> = {}): ActivityItem => ({
  id: 1,
  at: "2025-03-01T10:00:00.000Z",
  actor: null,
  kind: "proposal",
  action: "submitted",
  proposal: null,
  subject: null,
  from: null,
  to: null,
  note: null,
  ...o,
});

/** A term as GET /api/terms answers it: by default the fresh database's "Default" (no window, no limits). */
/** A thesis in Writing, due well ahead, as its first member sees it (DESIGN.md §16). */
export const makeThesis = (o: Partial<Thesis> = {}): Thesis => ({
  id: "22222222-2222-4222-8222-222222222222",
  proposalId: "11111111-1111-4111-8111-111111111111",
  title: "Graph neural networks for phishing",
  termId: DEFAULT_TERM_ID,
  termName: "Default",
  state: "Writing",
  startedAt: "2026-01-10T09:00:00.000Z",
  dueAt: "2099-07-10T09:00:00.000Z",
  submittedAt: null,
  supervisor: { id: "t1", name: "Prof. Ada" },
  firstExaminer: { id: "t1", name: "Prof. Ada" },
  secondExaminer: null,
  members: [
    { id: "s1", name: "Tanvir Hasan" },
    { id: "s2", name: "Mei Lin" },
  ],
  actions: [],
  overdue: false,
  yourAssessment: null,
  updatedAt: "2026-01-10T09:00:00.000Z",
  ...o,
});

/** A term's thesis settings as a new term has them (DESIGN.md §16). */
export const thesisSettings = {
  thesisDueAt: null,
  writingWeeks: DEFAULT_WRITING_WEEKS,
  gradeScale: "percent",
  gradeTolerance: DEFAULT_TOLERANCE.percent,
  rubric: DEFAULT_RUBRIC.map((c) => ({ ...c })),
  declarationText: DEFAULT_DECLARATION,
  markingDays: DEFAULT_MARKING_DAYS,
  defenseRequired: false,
  defenseMinutes: DEFAULT_DEFENSE_MINUTES,
  gradingFrozen: false,
} satisfies Partial<Term>;

export const makeTerm = (o: Partial<Term> = {}): Term => ({
  id: DEFAULT_TERM_ID,
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
    makeTerm(),
    ...others.map((o, i) =>
      makeTerm({ id: `7e000000-0000-4000-8000-00000000010${i}`, current: false, ...o }),
    ),
  ],
  timeZone,
});
