import { useQuery } from "@tanstack/react-query";
import { termQueries } from "./queries/terms";

/**
 * The current term (the one new proposals go into), from the terms list. `term` is null only if the
 * server knows no current term. (The department's time zone: useTimeZone in ./dates.)
 */
export const useCurrentTerm = () =>
  useQuery({
    ...termQueries.list(),
    select: (d) => ({ term: d.items.find((t) => t.current) ?? null }),
  });
