import type { Role } from "@shared/enums";
import type { SortOrder, UserList, UserSort } from "@shared/schemas/users";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../api";
import { getQuery, type PageParams } from "./get-query";

export interface PeopleParams extends PageParams {
  role: Role;
  q: string;
  sort: UserSort;
  order: SortOrder;
}

const ALL = ["users"] as const;

/**
 * GET /api/users. Every people query lives under ["users"]: adding a person, or changing a
 * teacher's cells, invalidates them all.
 */
export const userQueries = {
  all: () => ALL,
  /** One page of people of a role, searched and sorted by the server. */
  list: (params: PeopleParams) =>
    queryOptions({
      queryKey: [...ALL, "list", params] as const,
      queryFn: () =>
        api.get<UserList>("/users", {
          role: params.role,
          q: params.q,
          page: params.page,
          pageSize: params.pageSize,
          sort: params.sort,
          order: params.order,
        }),
    }),
  /**
   * People of one role whose name, email (or student ID) starts with `q`: the first few, for a
   * person picker (the committee's activity log asks each role).
   */
  personSearch: (role: Role, q: string, pageSize = 8) =>
    getQuery<UserList>(
      [...ALL, "person-search", role, q, pageSize],
      "/users",
      { role, q, pageSize },
      { staleTime: 30_000 },
    ),
  /** Teachers whose name or email contains `q`: the first 20. */
  teacherSearch: (q: string) =>
    getQuery<UserList>(
      [...ALL, "teacher-search", q],
      "/users",
      { role: "supervisor", q, pageSize: 20 },
      { staleTime: 30_000 },
    ),
};
