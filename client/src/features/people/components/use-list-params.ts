import { LIMITS } from "@shared/limits";
import { SORT_ORDERS, type SortOrder, USER_SORTS, type UserSort } from "@shared/schemas/users";
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";

export interface ListParams {
  q: string;
  page: number;
  sort: UserSort;
  order: SortOrder;
}

const oneOf = <T extends string>(list: readonly T[], v: string | null, fallback: T): T =>
  list.includes(v as T) ? (v as T) : fallback;

/**
 * A list's search, page and sort live in the address bar: a reload, the back button and a
 * shared link show the same rows, and the CSV export reads the same filters.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const value = useMemo<ListParams>(() => {
    const page = Number(params.get("page"));
    return {
      q: (params.get("q") ?? "").slice(0, LIMITS.searchMax),
      page: Number.isInteger(page) && page >= 1 ? page : 1,
      sort: oneOf(USER_SORTS, params.get("sort"), "name"),
      order: oneOf(SORT_ORDERS, params.get("order"), "asc"),
    };
  }, [params]);

  const update = useCallback(
    (change: Partial<ListParams>) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(change)) {
            const isDefault =
              v === "" ||
              (k === "page" && v === 1) ||
              (k === "sort" && v === "name") ||
              (k === "order" && v === "asc");
            if (isDefault) next.delete(k);
            else next.set(k, String(v));
          }
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  return [value, update] as const;
}
