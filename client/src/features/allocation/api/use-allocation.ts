import { api } from "@client/lib/api";
import { allocationQueries } from "@client/lib/queries/allocation";
import { proposalChangedKeys } from "@client/lib/queries/proposal-changed";
import { termQueries } from "@client/lib/queries/terms";
import type { Proposal } from "@shared/schemas/proposals";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

/** Every term that allocates topics, newest first, and the department's time zone. */
export const useAllocationTerms = () =>
  useQuery({
    ...termQueries.list(),
    select: (d) => ({ items: d.items.filter((t) => t.mode === "allocation") }),
  });

/** The term's draft with its groups, topics and load (GET /api/terms/:id/allocation). */
export const useAllocation = (termId: string | null) =>
  useQuery({ ...allocationQueries.draft(termId ?? ""), enabled: !!termId });

/** What a dialog does with an action's answer (closeOnAnswer's), kept with the mutation, not lost with the dialog. */
export type Answered<TResult, TVars = void> = {
  onSuccess?: (result: TResult, vars: TVars) => void;
  onError?: (e: unknown, vars: TVars) => void;
};

/**
 * Whatever the answer, the draft and the scenarios (and, after a publication or a placing, every
 * proposal list) are read again.
 */
export function useAllocationMutation<TVars, TResult>(
  send: (vars: TVars) => Promise<TResult>,
  proposals = false,
  answered: Answered<TResult, TVars> = {},
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: send,
    ...answered,
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: allocationQueries.all() });
      if (proposals) for (const queryKey of proposalChangedKeys()) void qc.invalidateQueries({ queryKey });
    },
  });
}

export interface RunSummary {
  seed: string;
  groups: number;
  byRank: number[];
  unmatched: number;
}

/** POST /api/terms/:id/allocation: a new draft; nothing else changes. */
export const useRunAllocation = (termId: string) =>
  useAllocationMutation(() => api.post<RunSummary>(`/terms/${termId}/allocation`));

type Move = { proposalId: string; topicId: string | null };
type Moved = { blockingPairs: { proposalId: string; topicId: string }[] };

/** PATCH /api/terms/:id/allocation: a group moved by hand; answers the draft's blocking pairs. */
export const useMoveGroup = (termId: string, answered?: Answered<Moved, Move>) =>
  useAllocationMutation(
    (move: Move) => api.patch<Moved>(`/terms/${termId}/allocation`, move),
    false,
    answered,
  );

/**
 * POST /api/terms/:id/allocation/publish: the draft applied in one transaction; every proposal
 * list and the terms (now published: topics and preferences frozen) are read again.
 */
export const usePublishAllocation = (
  termId: string,
  answered?: Answered<{ placed: number; unmatched: number }>,
) =>
  useAllocationMutation(
    () => api.post<{ placed: number; unmatched: number }>(`/terms/${termId}/allocation/publish`),
    true,
    answered,
  );

type Place = { proposalId: string; topicId: string };

/** POST /api/proposals/:id/place: a group left unmatched, placed by hand after publication. */
export const usePlaceGroup = (answered?: Answered<{ proposal: Proposal }, Place>) =>
  useAllocationMutation(
    ({ proposalId, topicId }: Place) =>
      api.post<{ proposal: Proposal }>(`/proposals/${proposalId}/place`, { topicId }),
    true,
    answered,
  );
