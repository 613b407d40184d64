import { type ActivityParams, activityQueries } from "@client/lib/queries/activity";
import { userQueries } from "@client/lib/queries/users";
import type { Role } from "@shared/enums";
import { LIMITS } from "@shared/limits";
import { keepPreviousData, useQueries, useQuery } from "@tanstack/react-query";

/** One page of the activity log (the server filters and pages; the previous page stays while the next loads). */
export function useActivity(params: ActivityParams) {
  return useQuery(activityQueries.page(params));
}

export const PERSON_ROLES: { role: Role; label: string }[] = [
  { role: "student", label: "Students" },
  { role: "supervisor", label: "Teachers" },
  { role: "committee", label: "Committee" },
];

/**
 * People whose name, email (or student ID) starts with `q`, in every role: one search of each
 * role's list on the server, the first few of each. Nothing is asked for a search too short.
 */
export function usePersonSearch(q: string) {
  const enabled = q.length >= LIMITS.searchMin;
  return useQueries({
    queries: PERSON_ROLES.map(({ role }) => ({
      ...userQueries.personSearch(role, q),
      enabled,
      placeholderData: keepPreviousData,
    })),
  });
}
