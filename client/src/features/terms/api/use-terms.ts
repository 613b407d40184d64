import { termQueries } from "@client/lib/queries/terms";
import { useQuery } from "@tanstack/react-query";

/** Every term, newest first, and the department's time zone their times are shown in. */
export function useTerms() {
  return useQuery(termQueries.list());
}

/** Each supervisor's places in a term: in use, and their capacity. */
export function useTermLoad(termId: string | null) {
  return useQuery({ ...termQueries.load(termId ?? ""), enabled: termId != null });
}
