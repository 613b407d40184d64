import { supervisorDashboardQueries } from "@client/lib/queries/supervisor-dashboard";
import { useQuery } from "@tanstack/react-query";

export function useSupervisorDashboard() {
  return useQuery(supervisorDashboardQueries.counts());
}
