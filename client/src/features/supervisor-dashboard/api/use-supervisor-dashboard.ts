import { api } from "@client/lib/api";
import type { SupervisorDashboard } from "@shared/schemas/supervisor";
import { useQuery } from "@tanstack/react-query";

/** Reviews and live events (lib/live-events.ts) invalidate this key by name, so the counts follow. */
export const supervisorDashboardKey = ["supervisor-dashboard"] as const;

export function useSupervisorDashboard() {
  return useQuery({
    queryKey: supervisorDashboardKey,
    queryFn: () => api.get<SupervisorDashboard>("/supervisor/dashboard"),
  });
}
