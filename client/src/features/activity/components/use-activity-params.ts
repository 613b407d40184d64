import { idParam, pageParam, useFilterUpdate } from "@client/lib/address-filters";
import { ACTIVITY_KINDS, type ActivityKind } from "@shared/activity";
import { useMemo } from "react";
import { useSearchParams } from "react-router";

export interface ActivityFilters {
  personId?: string;
  kind?: ActivityKind;
  /** Days, YYYY-MM-DD, in the department's zone. */
  from?: string;
  to?: string;
  page: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The log's filters live in the address (`?personId=&kind=&from=&to=&page=`), so a reload, Back
 * and a shared link show the same rows, and the CSV export reads the same filters. What is not a
 * person's id, a kind or a day reads as no filter.
 */
export function useActivityParams() {
  const [params] = useSearchParams();
  const update = useFilterUpdate<ActivityFilters>();
  const filters = useMemo<ActivityFilters>(() => {
    const kind = params.get("kind");
    const day = (k: string) => {
      const v = params.get(k);
      return v && DAY.test(v) ? v : undefined;
    };
    return {
      personId: idParam(params.get("personId")),
      kind: ACTIVITY_KINDS.includes(kind as ActivityKind) ? (kind as ActivityKind) : undefined,
      from: day("from"),
      to: day("to"),
      page: pageParam(params),
    };
  }, [params]);

  return [filters, update] as const;
}
