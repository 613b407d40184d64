import { useTermParam } from "@client/components/term-select";
import { PROPOSAL_STATUSES, type ProposalStatus } from "@shared/enums";
import { LIMITS } from "@shared/limits";
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";

/** The address bar's parameter of the term on the committee's proposal screens. */
export const TERM_ID_PARAM = "termId";

export interface ProposalFilters {
  q: string;
  status?: ProposalStatus;
  researchCellId?: string;
  supervisorId?: string;
  page: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const id = (v: string | null) => (v && UUID.test(v) ? v.toLowerCase() : undefined);

/**
 * The Proposals screen's filters live in the address (`?q=&status=&researchCellId=&supervisorId=
 * &termId=&page=`): a reload, the back button and a link from another screen (the dashboard's
 * figures and chart) show the same rows. What is not a status or an id reads as no filter.
 */
export function useProposalFilters() {
  const [params] = useSearchParams();
  const termId = useTermParam(TERM_ID_PARAM);
  const update = useFilterUpdate<ProposalFilters>();
  const filters = useMemo<ProposalFilters>(() => {
    const status = params.get("status");
    return {
      q: (params.get("q") ?? "").slice(0, LIMITS.searchMax),
      status: PROPOSAL_STATUSES.includes(status as ProposalStatus) ? (status as ProposalStatus) : undefined,
      researchCellId: id(params.get("researchCellId")),
      supervisorId: id(params.get("supervisorId")),
      page: pageOf(params),
    };
  }, [params]);

  return { filters, termId, update };
}

const pageOf = (params: URLSearchParams) => {
  const page = Number(params.get("page"));
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

/**
 * Changes some of the address's filters (an empty one, or page 1, leaves the address); any change
 * but the page's goes back to the first page.
 */
function useFilterUpdate<T extends { page: number }>() {
  const [, setParams] = useSearchParams();
  return useCallback(
    (change: Partial<T>) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(change)) {
            if (v === undefined || v === "" || (k === "page" && v === 1)) next.delete(k);
            else next.set(k, String(v));
          }
          if (!("page" in change)) next.delete("page");
          return next;
        },
        // Typing a search replaces the entry; choosing a filter or a page is a step Back undoes.
        { replace: "q" in change },
      ),
    [setParams],
  );
}

/** A list's page alone, in the address (`?page=`), for a screen with no other filter. */
export function usePageParam() {
  const [params] = useSearchParams();
  const update = useFilterUpdate();
  return [pageOf(params), (page: number) => update({ page })] as const;
}
