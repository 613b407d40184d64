import { ACTIVITY_KINDS, type ActivityKind } from "@shared/activity";
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";

export interface ActivityFilters {
  personId?: string;
  kind?: ActivityKind;
  /** Days, YYYY-MM-DD, in the department's zone. */
  from?: string;
  to?: string;
  page: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The log's filters live in the address (`?personId=&kind=&from=&to=&page=`), so a reload, Back
 * and a shared link show the same rows, and the CSV export reads the same filters. What is not a
 * person's id, a kind or a day reads as no filter.
 */
export function useActivityParams() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo<ActivityFilters>(() => {
    const page = Number(params.get("page"));
    const kind = params.get("kind");
    const day = (k: string) => {
      const v = params.get(k);
      return v && DAY.test(v) ? v : undefined;
    };
    const person = params.get("personId");
    return {
      personId: person && UUID.test(person) ? person.toLowerCase() : undefined,
      kind: ACTIVITY_KINDS.includes(kind as ActivityKind) ? (kind as ActivityKind) : undefined,
      from: day("from"),
      to: day("to"),
      page: Number.isInteger(page) && page >= 1 ? page : 1,
    };
  }, [params]);

  /** Changes some filters; any change but the page's goes back to the first page. */
  const update = useCallback(
    (change: Partial<ActivityFilters>) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(change)) {
          if (v === undefined || v === "" || (k === "page" && v === 1)) next.delete(k);
          else next.set(k, String(v));
        }
        if (!("page" in change)) next.delete("page");
        return next;
      }),
    [setParams],
  );

  return [filters, update] as const;
}
