import { committeeDashboardQueries } from "@client/lib/queries/committee-dashboard";
import { useQuery } from "@tanstack/react-query";

/** The figures, their proposals those of a term (a term's id or "all"; none = the current term). */
export function useCommitteeDashboard(termId?: string) {
  return useQuery(committeeDashboardQueries.figures(termId));
}
