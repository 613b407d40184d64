/** Cells live under "research-cells" (shared with the people feature's cell select). */
export const cellKeys = {
  all: ["research-cells"] as const,
  list: ["research-cells", "list"] as const,
  withSupervisors: ["research-cells", "list", "supervisors"] as const,
};
/** People lists show teachers' cells; assignments change them. */
export const usersKey = ["users"] as const;
export const committeeDashboardKey = ["committee", "dashboard"] as const;
