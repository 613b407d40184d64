import { api } from "@client/lib/api";
import { LIMITS } from "@shared/limits";
import type { StudentSearch } from "@shared/schemas/directory";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";

/** GET /api/students: other students by name or student ID (the server never returns the caller). */
export const studentQueries = {
  search: (q: string) =>
    queryOptions({
      queryKey: ["students", "search", q] as const,
      queryFn: () => api.get<StudentSearch>("/students", { q }),
      staleTime: 30_000,
    }),
};

/** Whether `q` can be asked for: nothing yet (the first students by name), or a search long enough. */
export const searchable = (q: string) => q === "" || q.length >= LIMITS.searchMin;

/** Students for the group picker; a search too short to send asks nothing. */
export function useStudentSearch(q: string) {
  return useQuery({ ...studentQueries.search(q), placeholderData: keepPreviousData, enabled: searchable(q) });
}
