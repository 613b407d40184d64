import { api } from "@client/lib/api";
import type { CommitteeDashboard } from "@shared/schemas/committee";
import { useQuery } from "@tanstack/react-query";

/** Adding people or cells invalidates this key (by name) so the figures follow. */
export const committeeDashboardKey = ["committee", "dashboard"] as const;

export function useCommitteeDashboard() {
  return useQuery({
    queryKey: committeeDashboardKey,
    queryFn: () => api.get<CommitteeDashboard>("/committee/dashboard"),
  });
}
