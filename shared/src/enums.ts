export const ROLES = ["student", "supervisor", "committee"] as const;
export type Role = (typeof ROLES)[number];

export const PROPOSAL_TYPES = ["Thesis", "Project"] as const;
export type ProposalType = (typeof PROPOSAL_TYPES)[number];

/**
 * A proposal's statuses (DESIGN.md §9). The first three are the specification's; the order here is
 * the database enum's (values are only ever added at its end), not the order of a proposal's life.
 */
export const PROPOSAL_STATUSES = [
  "Pending",
  "Approved",
  "Denied",
  "Awaiting members",
  "Changes requested",
  "Awaiting committee",
  "Withdrawn",
  "Awaiting allocation",
] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

/**
 * The active statuses (DESIGN.md §9), listed once: a proposal in one of them holds its accepted
 * members' one place in the term and its supervisor's place. Denied and Withdrawn are not active.
 */
export const ACTIVE_STATUSES: readonly ProposalStatus[] = [
  "Awaiting members",
  "Awaiting allocation",
  "Pending",
  "Changes requested",
  "Awaiting committee",
  "Approved",
];

export const isActiveStatus = (status: ProposalStatus) => ACTIVE_STATUSES.includes(status);

/** The statuses in the order of a proposal's life, for filters and charts. */
export const STATUS_ORDER: readonly ProposalStatus[] = [...ACTIVE_STATUSES, "Denied", "Withdrawn"];

/**
 * A membership's state (DESIGN.md §9): an invitation is a membership in state `invited`; "member"
 * everywhere else means `accepted`. Declined, left and cancelled (the proposal was withdrawn while
 * the invitation was open) are kept for the record and give no access.
 */
export const MEMBERSHIP_STATES = ["invited", "accepted", "declined", "left", "cancelled"] as const;
export type MembershipState = (typeof MEMBERSHIP_STATES)[number];

/** How a term's groups find a supervisor (DESIGN.md §8): they choose one, or topics are allocated (§11). */
export const TERM_MODES = ["direct", "allocation"] as const;
export type TermMode = (typeof TERM_MODES)[number];

export const DASHBOARD_PATH: Record<Role, string> = {
  committee: "/committee/dashboard",
  supervisor: "/supervisor/dashboard",
  student: "/student/dashboard",
};

/**
 * A thesis's states (DESIGN.md §16), in the database enum's order (values only ever added at its
 * end). A student sees Graded and Disputed as Submitted until the grade is Released (§17).
 */
export const THESIS_STATES = [
  "Writing",
  "Submitted",
  "Graded",
  "Disputed",
  "Released",
  "Cancelled",
  "Annulled",
] as const;
export type ThesisState = (typeof THESIS_STATES)[number];

/** How a term's grades are given (DESIGN.md §16). */
export const GRADE_SCALES = ["percent", "german", "letter"] as const;
export type GradeScale = (typeof GRADE_SCALES)[number];

/** Who may read a released thesis in the archive (DESIGN.md §19). */
export const VISIBILITIES = ["Public", "Internal", "Private"] as const;
export type Visibility = (typeof VISIBILITIES)[number];
