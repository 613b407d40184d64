import { supervisorDashboardQueries } from "@client/lib/queries/supervisor-dashboard";
import { useQuery } from "@tanstack/react-query";

/** The counts of a term (a term's id or "all"; none = the current term). */
export function useSupervisorDashboard(termId?: string) {
  return useQuery(supervisorDashboardQueries.counts(termId));
}
