import type { TermList, TermLoad } from "@shared/schemas/terms";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../api";

const ALL = ["terms"] as const;

/**
 * GET /api/terms (every term, the current one marked, and the department's time zone) and a
 * term's supervisor load. Changing a term or a capacity invalidates ["terms"]; a submission or a
 * review changes places in use, so those invalidate it too.
 */
export const termQueries = {
  all: () => ALL,
  list: () =>
    queryOptions({
      queryKey: [...ALL, "list"] as const,
      queryFn: () => api.get<TermList>("/terms"),
      staleTime: 60_000,
    }),
  load: (termId: string) =>
    queryOptions({
      queryKey: [...ALL, "load", termId] as const,
      queryFn: () => api.get<TermLoad>(`/terms/${termId}/load`),
    }),
};
