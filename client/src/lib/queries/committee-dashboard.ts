import type { CommitteeDashboard } from "@shared/schemas/committee";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../api";

const ALL = ["committee", "dashboard"] as const;

/** Adding people or cells, and live events about proposals, invalidate it so the figures follow. */
export const committeeDashboardQueries = {
  all: () => ALL,
  figures: () =>
    queryOptions({
      queryKey: ALL,
      queryFn: () => api.get<CommitteeDashboard>("/committee/dashboard"),
    }),
};
