import type {
  Allocation,
  AllocationCertificate,
  AllocationReceipt,
  ApplicantList,
  PreferenceList,
  TopicList,
} from "@shared/schemas/allocation";
import type { Scenario, ScenarioList } from "@shared/schemas/scenarios";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../api";
import { getQuery, PAGED, type PageParams } from "./get-query";
import { proposalQueries } from "./proposals";

/** GET /api/topics as the screens send it: a term's topics (the current term by default). */
export interface TopicListParams extends PageParams {
  termId?: string;
  q?: string;
  researchCellId?: string;
  supervisorId?: string;
  /** A supervisor's own topics, withdrawn ones included. */
  mine?: boolean;
}

const ALL = ["allocation"] as const;

/**
 * Allocation terms (DESIGN.md §11): topics, supervisors' applicants, the committee's draft. Every
 * one lives under ["allocation"], which a proposal's change (proposal-changed.ts) refreshes too: a
 * withdrawn topic changes lists, a group's list changes applicants and the draft.
 */
export const allocationQueries = {
  all: () => ALL,
  topics: (params: TopicListParams) =>
    getQuery<TopicList>(
      [...ALL, "topics", params],
      "/topics",
      { ...params, mine: params.mine ? "true" : undefined },
      PAGED,
    ),
  /** The groups that ranked the caller's topics in a term, with the caller's rank for each. */
  applicants: (termId: string) =>
    getQuery<ApplicantList>([...ALL, "applicants", termId], `/terms/${termId}/applicants`),
  /** The committee's draft of a term, with its groups, topics and each supervisor's load. */
  draft: (termId: string) => getQuery<Allocation>([...ALL, "draft", termId], `/terms/${termId}/allocation`),
  /** The term's what-if scenarios (DESIGN.md §20), newest first. */
  scenarios: (termId: string) =>
    getQuery<ScenarioList>([...ALL, "scenarios", termId], `/terms/${termId}/allocation/scenarios`),
  /** One scenario: its capacities beside the real ones and, once run, the comparison with the draft. */
  scenario: (termId: string, id: string) =>
    queryOptions({
      queryKey: [...ALL, "scenarios", termId, id] as const,
      queryFn: () => api.get<{ scenario: Scenario }>(`/terms/${termId}/allocation/scenarios/${id}`),
      select: (d) => d.scenario,
    }),
  /** A published term's certificate (DESIGN.md §20): never changes once made. */
  certificate: (termId: string) =>
    queryOptions({
      queryKey: [...ALL, "certificate", termId] as const,
      queryFn: () =>
        api.get<{ certificate: AllocationCertificate }>(`/terms/${termId}/allocation/certificate`),
      select: (d) => d.certificate,
      staleTime: Number.POSITIVE_INFINITY,
    }),
  /** A group's receipt in a term's allocation (DESIGN.md §20): what it got and why not better. */
  receipt: (termId: string, proposalId: string) =>
    queryOptions({
      queryKey: [...ALL, "receipt", termId, proposalId] as const,
      queryFn: () =>
        api.get<{ receipt: AllocationReceipt }>(`/terms/${termId}/allocation/receipt`, { proposalId }),
      select: (d) => d.receipt,
    }),
  /** A group's ranked topics: under the proposal's key, so whatever refreshes it refreshes them. */
  preferences: (proposalId: string) =>
    getQuery<PreferenceList>(
      [...proposalQueries.detail(proposalId).queryKey, "preferences"],
      `/proposals/${proposalId}/preferences`,
    ),
};
