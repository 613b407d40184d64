import type { CommitteeDashboard } from "@shared/schemas/committee";
import { getQuery } from "./get-query";

const ALL = ["committee", "dashboard"] as const;

/**
 * The figures of one term (a term's id or "all"; none = the current term). Adding people or
 * cells, and live events about proposals, invalidate every term's, so the figures follow.
 */
export const committeeDashboardQueries = {
  all: () => ALL,
  figures: (termId?: string) =>
    getQuery<CommitteeDashboard>([...ALL, termId ?? "current"], "/committee/dashboard", { termId }),
};
