import type { ArchiveEntry, ArchiveFilters, ArchiveList, ArchiveQuery } from "@shared/schemas/archive";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "../api";

const ALL = ["archive"] as const;

/**
 * The archive of released theses (DESIGN.md §19): a page by the search and filters, one entry, and
 * the filters' choices. Whoever is signed in (or nobody) decides what the server answers; signing
 * in or out empties the cache (decision 0074).
 */
export const archiveQueries = {
  all: () => ALL,
  list: (query: ArchiveQuery) =>
    queryOptions({
      queryKey: [...ALL, "list", query] as const,
      queryFn: () => api.get<ArchiveList>("/archive", { ...query }),
      placeholderData: keepPreviousData,
    }),
  entry: (id: string) =>
    queryOptions({
      queryKey: [...ALL, "entry", id] as const,
      queryFn: () => api.getField<ArchiveEntry>(`/archive/${id}`, "entry"),
    }),
  filters: () =>
    queryOptions({
      queryKey: [...ALL, "filters"] as const,
      queryFn: () => api.get<ArchiveFilters>("/archive/filters"),
    }),
};
