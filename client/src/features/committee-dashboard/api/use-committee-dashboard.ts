import { committeeDashboardQueries } from "@client/lib/queries/committee-dashboard";
import { useQuery } from "@tanstack/react-query";

export function useCommitteeDashboard() {
  return useQuery(committeeDashboardQueries.figures());
}
