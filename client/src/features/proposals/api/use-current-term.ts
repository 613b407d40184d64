import { termQueries } from "@client/lib/queries/terms";
import { useQuery } from "@tanstack/react-query";

/**
 * The current term (the one new proposals go into) and the department's time zone, from the
 * terms list. `term` is null only if the server knows no current term.
 */
export function useCurrentTerm() {
  return useQuery({
    ...termQueries.list(),
    select: (data) => ({ term: data.items.find((t) => t.current) ?? null, timeZone: data.timeZone }),
  });
}
