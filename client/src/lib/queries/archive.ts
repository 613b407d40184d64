import type { ArchiveEntry, ArchiveFilters, ArchiveList, ArchiveQuery } from "@shared/schemas/archive";
import { getFieldQuery, getQuery, PAGED } from "./get-query";

const ALL = ["archive"] as const;

/**
 * The archive of released theses (DESIGN.md §19): a page by the search and filters, one entry, and
 * the filters' choices. Whoever is signed in (or nobody) decides what the server answers; signing
 * in or out empties the cache (decision 0074).
 */
export const archiveQueries = {
  all: () => ALL,
  list: (query: ArchiveQuery) =>
    getQuery<ArchiveList>([...ALL, "list", query], "/archive", { ...query }, PAGED),
  entry: (id: string) => getFieldQuery<ArchiveEntry>([...ALL, "entry", id], `/archive/${id}`, "entry"),
  filters: () => getQuery<ArchiveFilters>([...ALL, "filters"], "/archive/filters"),
};
