import { userQueries } from "@client/lib/queries/users";
import { keepPreviousData, useQuery } from "@tanstack/react-query";

/** Teachers whose name or email contains `q`: the first 20, searched on the server. */
export function useTeacherSearch(q: string, enabled: boolean) {
  return useQuery({ ...userQueries.teacherSearch(q), enabled, placeholderData: keepPreviousData });
}
