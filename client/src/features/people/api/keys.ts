import type { Role } from "@shared/enums";
import type { SortOrder, UserSort } from "@shared/schemas/users";

export interface PeopleParams {
  role: Role;
  q: string;
  page: number;
  pageSize: number;
  sort: UserSort;
  order: SortOrder;
}

/** Every people list lives under "users"; adding or assigning invalidates them all. */
export const peopleKeys = {
  all: ["users"] as const,
  list: (p: PeopleParams) => ["users", "list", p] as const,
};

/** The same key the research-cells feature uses, so both see one cache of cells. */
export const cellsKey = ["research-cells"] as const;
export const committeeDashboardKey = ["committee", "dashboard"] as const;
