import { proposalQueries } from "@client/lib/queries/proposals";
import { type ProposalStatus, STATUS_ORDER } from "@shared/enums";
import type { ProposalList } from "@shared/schemas/proposals";
import { keepPreviousData, type UseQueryResult, useQueries } from "@tanstack/react-query";

/**
 * The states a supervisor's group can be in, in the order of a proposal's life (DESIGN.md §9),
 * Pending first: a proposal reaches its supervisor when it becomes Pending, so Awaiting members
 * and Awaiting allocation are never theirs.
 */
export const BOARD_STATES = STATUS_ORDER.filter(
  (s) => s !== "Awaiting members" && s !== "Awaiting allocation",
) as Exclude<ProposalStatus, "Awaiting members" | "Awaiting allocation">[];
export type BoardState = (typeof BOARD_STATES)[number];

export const BOARD_PAGE_SIZE = 20;

export interface BoardSection {
  state: BoardState;
  page: number;
  list: UseQueryResult<ProposalList>;
}

/**
 * One page of each state's groups in a term (none = the current one; the server answers only the
 * caller's), every state at once from GET /api/proposals: Pending oldest first (the queue's
 * order), the others newest first. `pages` holds each state's page (1 when not given).
 */
export function useGroupsBoard(termId: string | undefined, pages: Partial<Record<BoardState, number>>) {
  return useQueries({
    queries: BOARD_STATES.map((status) => ({
      ...proposalQueries.list({
        status,
        termId,
        order: status === "Pending" ? "oldest" : "newest",
        page: pages[status] ?? 1,
        pageSize: BOARD_PAGE_SIZE,
      }),
      placeholderData: keepPreviousData,
    })),
    combine: (results): BoardSection[] =>
      results.map((list, i) => ({ state: BOARD_STATES[i], page: pages[BOARD_STATES[i]] ?? 1, list })),
  });
}
