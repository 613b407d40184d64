import type { SupervisorDashboard } from "@shared/schemas/supervisor";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../api";

const ALL = ["supervisor-dashboard"] as const;

/**
 * The counts of one term (a term's id or "all"; none = the current term). Reviews and live
 * events invalidate every term's, so the counts follow.
 */
export const supervisorDashboardQueries = {
  all: () => ALL,
  counts: (termId?: string) =>
    queryOptions({
      queryKey: [...ALL, termId ?? "current"] as const,
      queryFn: () => api.get<SupervisorDashboard>("/supervisor/dashboard", { termId }),
    }),
};
