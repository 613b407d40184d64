import { useTermParam } from "@client/components/term-select";
import { idParam, pageParam, useFilterUpdate } from "@client/lib/address-filters";
import { PROPOSAL_STATUSES, type ProposalStatus } from "@shared/enums";
import { LIMITS } from "@shared/limits";
import { useMemo } from "react";
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
      researchCellId: idParam(params.get("researchCellId")),
      supervisorId: idParam(params.get("supervisorId")),
      page: pageParam(params),
    };
  }, [params]);

  return { filters, termId, update };
}
