import type { ActivityKind } from "@shared/activity";
import type { ActivityPage } from "@shared/schemas/life";
import { getQuery, PAGED } from "./get-query";

const ALL = ["activity"] as const;

/** The query of GET /api/activity as the screen sends it; days are YYYY-MM-DD in the department's zone. */
export interface ActivityParams {
  personId?: string;
  kind?: ActivityKind;
  from?: string;
  to?: string;
  page?: number;
  pageSize?: number;
}

/** The committee's activity log (GET /api/activity), one page of a filter at a time. */
export const activityQueries = {
  all: () => ALL,
  page: (params: ActivityParams) =>
    getQuery<ActivityPage>([...ALL, "page", params], "/activity", { ...params }, PAGED),
};
