import { type PeopleParams, userQueries } from "@client/lib/queries/users";
import { keepPreviousData, useQuery } from "@tanstack/react-query";

/** One page of people of a role, searched and sorted by the server. */
export function usePeople(params: PeopleParams) {
  // The table keeps the old page on screen while the next one loads.
  return useQuery({ ...userQueries.list(params), placeholderData: keepPreviousData });
}
