import { api } from "@client/lib/api";
import type { UserList } from "@shared/schemas/users";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type PeopleParams, peopleKeys } from "./keys";

/** One page of people of a role, searched and sorted by the server. */
export function usePeople(params: PeopleParams) {
  return useQuery({
    queryKey: peopleKeys.list(params),
    queryFn: () =>
      api.get<UserList>("/users", {
        role: params.role,
        q: params.q,
        page: params.page,
        pageSize: params.pageSize,
        sort: params.sort,
        order: params.order,
      }),
    // The table keeps the old page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}
