import type { SupervisorDashboard } from "@shared/schemas/supervisor";
import { getQuery } from "./get-query";

const ALL = ["supervisor-dashboard"] as const;

/**
 * The counts of one term (a term's id or "all"; none = the current term). Reviews and live
 * events invalidate every term's, so the counts follow.
 */
export const supervisorDashboardQueries = {
  all: () => ALL,
  counts: (termId?: string) =>
    getQuery<SupervisorDashboard>([...ALL, termId ?? "current"], "/supervisor/dashboard", { termId }),
};
