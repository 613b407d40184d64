import type { ProposalStatus, ProposalType } from "@shared/enums";

/** The query of GET /api/proposals as the student screens send it. */
export interface ProposalListParams {
  status?: ProposalStatus;
  type?: ProposalType;
  page: number;
  pageSize: number;
}

/** Every proposal query lives under ["proposals"], so one invalidation refreshes them all. */
export const proposalKeys = {
  all: ["proposals"] as const,
  list: (query: ProposalListParams) => ["proposals", "list", query] as const,
  detail: (id: string) => ["proposals", "detail", id] as const,
};

/** Same key and shape as the research-cells feature: one cache entry for GET /api/research-cells. */
export const cellListKey = ["research-cells", "list"] as const;
export const supervisorsKey = (cellId: string) => ["supervisors", cellId] as const;
export const studentSearchKey = (q: string) => ["students", "search", q] as const;
