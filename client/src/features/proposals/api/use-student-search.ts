import { api } from "@client/lib/api";
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

/** Students for the group picker. */
export function useStudentSearch(q: string) {
  return useQuery({ ...studentQueries.search(q), placeholderData: keepPreviousData });
}
