import { api } from "@client/lib/api";
import type { StudentSearch } from "@shared/schemas/directory";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { studentSearchKey } from "./keys";

/** Other students by name or student ID, for the group picker (the server never returns the caller). */
export function useStudentSearch(q: string) {
  return useQuery({
    queryKey: studentSearchKey(q),
    queryFn: () => api.get<StudentSearch>("/students", { q }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
