import { useTermParam } from "@client/components/term-select";
import { pageParam, useFilterUpdate } from "@client/lib/address-filters";
import { THESIS_STATES, type ThesisState } from "@shared/enums";
import { useMemo } from "react";
import { useSearchParams } from "react-router";

/** The address bar's parameter of the term on the theses list (none: every term, §16). */
export const THESIS_TERM_PARAM = "termId";

export interface ThesisFilters {
  state?: ThesisState;
  overdue?: "true";
  /** Only the theses this teacher examines (a supervisor's "Only theses I examine", the committee's Examiner). */
  examinerId?: string;
  page: number;
}

/**
 * The theses list's filters live in the address (`?termId=&state=&overdue=true&examinerId=&page=`): a reload,
 * the back button and a shared link show the same rows. What is not a state reads as no filter.
 */
export function useThesisFilters() {
  const [params] = useSearchParams();
  const termId = useTermParam(THESIS_TERM_PARAM, "all");
  const update = useFilterUpdate<ThesisFilters>();
  const filters = useMemo<ThesisFilters>(() => {
    const state = params.get("state");
    return {
      state: THESIS_STATES.includes(state as ThesisState) ? (state as ThesisState) : undefined,
      overdue: params.get("overdue") === "true" ? "true" : undefined,
      examinerId: params.get("examinerId") || undefined,
      page: pageParam(params),
    };
  }, [params]);
  return { filters, termId, update };
}
