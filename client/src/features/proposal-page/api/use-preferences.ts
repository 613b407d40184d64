import { api } from "@client/lib/api";
import { type LifeMutationOptions, useLifeMutation } from "@client/lib/life-mutation";
import { allocationQueries } from "@client/lib/queries/allocation";
import type { Proposal } from "@shared/schemas/proposals";
import { useQuery } from "@tanstack/react-query";

/** The group's ranked topics (GET /api/proposals/:id/preferences), for proposals of allocation terms. */
export const useGroupPreferences = (id: string, enabled: boolean) =>
  useQuery({ ...allocationQueries.preferences(id), enabled });

/** PUT /api/proposals/:id/preferences: a member replaces the group's list until publication. */
export const useSavePreferences = (id: string, options?: LifeMutationOptions<string[], { ok: true }>) =>
  useLifeMutation(
    (topicIds: string[]) => api.put<{ ok: true }>(`/proposals/${id}/preferences`, { topicIds }),
    options,
  );

/** POST /api/proposals/:id/place: the committee places a group left unmatched, after publication. */
export const usePlace = (
  id: string,
  options?: LifeMutationOptions<{ topicId: string }, { proposal: Proposal }>,
) =>
  useLifeMutation(
    (input: { topicId: string }) => api.post<{ proposal: Proposal }>(`/proposals/${id}/place`, input),
    options,
  );
