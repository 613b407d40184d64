import type { SupervisorDashboard } from "@shared/schemas/supervisor";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../api";

const ALL = ["supervisor-dashboard"] as const;

/** Reviews and live events invalidate it, so the counts follow. */
export const supervisorDashboardQueries = {
  all: () => ALL,
  counts: () =>
    queryOptions({
      queryKey: ALL,
      queryFn: () => api.get<SupervisorDashboard>("/supervisor/dashboard"),
    }),
};
