import { keepPreviousData, type QueryKey, queryOptions } from "@tanstack/react-query";
import { api } from "../api";

type Query = Parameters<typeof api.get>[1];

/** The page of a list a screen asks for (the server's `page` and `pageSize`). */
export interface PageParams {
  page: number;
  pageSize: number;
}

/** How long an answer stays fresh, and whether a list's page keeps the one shown while the next loads. */
interface More {
  staleTime?: number;
  placeholderData?: typeof keepPreviousData;
}

/** The options of a query that GETs one address (`query` its query string), under its resource's key. */
export const getQuery = <T>(queryKey: QueryKey, path: string, query?: Query, more: More = {}) =>
  queryOptions({ queryKey, queryFn: () => api.get<T>(path, query), ...more });

/** getQuery of an answer of one field (`{ thesis }`, `{ items }`), which the query holds alone. */
export const getFieldQuery = <T>(
  queryKey: QueryKey,
  path: string,
  field: string,
  query?: Query,
  more: More = {},
) => queryOptions({ queryKey, queryFn: () => api.getField<T>(path, field, query), ...more });

/** A list's page keeps the one shown while the next loads. */
export const PAGED: More = { placeholderData: keepPreviousData };
