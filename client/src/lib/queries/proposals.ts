import type { ProposalStatus, ProposalType } from "@shared/enums";
import type { ActivityItem, Invitation, Version } from "@shared/schemas/life";
import type { Proposal, ProposalGroups, ProposalList, SimilarProposal } from "@shared/schemas/proposals";
import { infiniteQueryOptions, type Query, type QueryFilters } from "@tanstack/react-query";
import { api } from "../api";
import { getFieldQuery, getQuery } from "./get-query";

/** The query of GET /api/proposals as the screens send it (the server filters by role). */
export interface ProposalListParams {
  status?: ProposalStatus;
  type?: ProposalType;
  /** Only active proposals (DESIGN.md §9; the server holds the list): a supervisor's groups. */
  active?: boolean;
  order?: "newest" | "oldest";
  /** A term's id or "all"; none = the current term (the server's default, DESIGN.md §8). */
  termId?: string;
  /** The committee's search and filters (DESIGN.md §9): title words, a cell, a supervisor. */
  q?: string;
  researchCellId?: string;
  supervisorId?: string;
  page?: number;
  pageSize: number;
}

/** The same query read page by page: the page number comes from the infinite query. */
export type ProposalPagesParams = Omit<ProposalListParams, "page">;

const ALL = ["proposals"] as const;
const LISTS = [...ALL, "list"] as const;

const list = (params: ProposalListParams) =>
  getQuery<ProposalList>([...LISTS, params], "/proposals", { ...params });

/**
 * Every proposal query lives under ["proposals"], so submissions, reviews and live events
 * refresh them all with one invalidation.
 */
export const proposalQueries = {
  all: () => ALL,
  /** Every list: single pages and the page-by-page lists. */
  lists: () => LISTS,
  list,
  /**
   * A student's most recent proposals: one in an active proposal can be in no newer one, so their
   * active proposal is always among these. Their dashboard and their cell info share this cache.
   */
  recent: () => list({ page: 1, pageSize: 10 }),
  /**
   * A student's most recent proposals in every term: where their dashboard finds the latest
   * decided one (Denied, Withdrawn, or Approved in an earlier term) when they have no active one.
   */
  history: () => list({ termId: "all", page: 1, pageSize: 10 }),
  /**
   * The groups a person may write to or chat with: the proposals the server shows them, newest
   * first, the first 100, of every term (a group goes on talking after its term), each with only
   * what a picker shows. Chat and Notices share this one cache; it sits under "list", so whatever
   * refreshes the lists refreshes it too.
   */
  groups: () => getQuery<ProposalGroups>([...LISTS, "groups"], "/proposals/groups"),
  /** How many proposals in any term wait for the committee's sign-off: the count is all it reads. */
  awaitingCommittee: () => list({ status: "Awaiting committee", termId: "all", page: 1, pageSize: 1 }),
  /**
   * "pages" keeps these infinite lists apart from the single-page lists, whose cached data has
   * another shape; they stay under "list", so whatever refreshes the lists refreshes them too.
   */
  pages: (params: ProposalPagesParams) =>
    infiniteQueryOptions({
      queryKey: [...LISTS, "pages", params] as const,
      queryFn: ({ pageParam }) => api.get<ProposalList>("/proposals", { ...params, page: pageParam }),
      initialPageParam: 1,
      getNextPageParam: (last, _all, lastPage) =>
        last.items.length > 0 && lastPage * params.pageSize < last.total ? lastPage + 1 : undefined,
    }),
  detail: (id: string) => getFieldQuery<Proposal>([...ALL, "detail", id], `/proposals/${id}`, "proposal"),
  /** Every version, newest first (DESIGN.md §9); under the proposal, so its changes refresh them. */
  versions: (id: string) =>
    getFieldQuery<Version[]>([...ALL, "detail", id, "versions"], `/proposals/${id}/versions`, "items"),
  /** Everything that happened to it, oldest first. */
  timeline: (id: string) =>
    getFieldQuery<ActivityItem[]>([...ALL, "detail", id, "timeline"], `/proposals/${id}/timeline`, "items"),
  /**
   * Up to five proposals the caller may see whose titles are like `title` (DESIGN.md §19), but
   * `exclude`; kept a minute, since a title typed again asks the same.
   */
  similar: (title: string, exclude?: string) =>
    getFieldQuery<SimilarProposal[]>(
      [...ALL, "similar", { title, exclude }],
      "/proposals/similar",
      "items",
      { title, exclude },
      { staleTime: 60_000 },
    ),
  /** The student's open invitations (GET /api/invitations): a change to any proposal may change them. */
  invitations: () => getFieldQuery<Invitation[]>([...ALL, "invitations"], "/invitations", "items"),
  /** The single-page lists whose query matches, for setQueriesData (never the page-by-page ones). */
  listsWhere: (match: (params: ProposalListParams) => boolean): QueryFilters => ({
    queryKey: LISTS,
    predicate: (q: Query) => {
      const params = q.queryKey[LISTS.length];
      return typeof params === "object" && params !== null && match(params as ProposalListParams);
    },
  }),
};
