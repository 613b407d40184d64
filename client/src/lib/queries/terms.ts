import type { TermList, TermLoad } from "@shared/schemas/terms";
import { getQuery } from "./get-query";

const ALL = ["terms"] as const;

/**
 * GET /api/terms (every term, the current one marked, and the department's time zone) and a
 * term's supervisor load. Changing a term or a capacity invalidates ["terms"]; a submission or a
 * review changes places in use, so those invalidate it too.
 */
export const termQueries = {
  all: () => ALL,
  list: () => getQuery<TermList>([...ALL, "list"], "/terms", undefined, { staleTime: 60_000 }),
  load: (termId: string) => getQuery<TermLoad>([...ALL, "load", termId], `/terms/${termId}/load`),
};
