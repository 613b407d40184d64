import { api } from "@client/lib/api";
import type { UserList } from "@shared/schemas/users";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { usersKey } from "./keys";

/** Teachers whose name or email contains `q`: the first 20, searched on the server. */
export function useTeacherSearch(q: string, enabled: boolean) {
  return useQuery({
    queryKey: [...usersKey, "teacher-search", q],
    queryFn: () => api.get<UserList>("/users", { role: "supervisor", q, pageSize: 20 }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
