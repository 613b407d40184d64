export const ROLES = ["student", "supervisor", "committee"] as const;
export type Role = (typeof ROLES)[number];

export const PROPOSAL_TYPES = ["Thesis", "Project"] as const;
export type ProposalType = (typeof PROPOSAL_TYPES)[number];

export const PROPOSAL_STATUSES = ["Pending", "Approved", "Denied"] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

/** Statuses that hold a student: a student is in at most one such proposal. */
export const ACTIVE_STATUSES: readonly ProposalStatus[] = ["Pending", "Approved"];

/** How a term's groups find a supervisor (DESIGN.md §8): they choose one, or topics are allocated (§11). */
export const TERM_MODES = ["direct", "allocation"] as const;
export type TermMode = (typeof TERM_MODES)[number];

export const DASHBOARD_PATH: Record<Role, string> = {
  committee: "/committee/dashboard",
  supervisor: "/supervisor/dashboard",
  student: "/student/dashboard",
};
