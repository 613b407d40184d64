import { api } from "@client/lib/api";
import { committeeDashboardQueries } from "@client/lib/queries/committee-dashboard";
import { userQueries } from "@client/lib/queries/users";
import type { OpenProposal, UpdatePersonInput } from "@shared/schemas/accounts";
import type { Person } from "@shared/schemas/users";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

/** The committee's tools for one person (DESIGN.md §12); each refreshes the people lists. */
function usePersonMutation<TInput, TResult>(fn: (input: TInput) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: userQueries.all() }),
        qc.invalidateQueries({ queryKey: committeeDashboardQueries.all() }),
      ]);
    },
  });
}

export const useUpdatePerson = () =>
  usePersonMutation(({ id, ...input }: UpdatePersonInput & { id: string }) =>
    api.patch<{ user: Person }>(`/users/${id}`, input),
  );

export const useDeactivatePerson = () =>
  usePersonMutation((id: string) => api.post<{ user: Person }>(`/users/${id}/deactivate`));

export const useReactivatePerson = () =>
  usePersonMutation((id: string) => api.post<{ user: Person }>(`/users/${id}/reactivate`));

export function useSendPasswordLink() {
  return useMutation({
    mutationFn: (id: string) =>
      api.post<{ ok: true; kind: "reset" | "set"; message: string }>(`/users/${id}/password-reset`),
  });
}

/** What a person leaves behind: active proposals they created or supervise. */
export const openProposalsQuery = (id: string) =>
  queryOptions({
    queryKey: [...userQueries.all(), "open-proposals", id] as const,
    queryFn: () => api.get<{ items: OpenProposal[] }>(`/users/${id}/open-proposals`),
  });
export const useOpenProposals = (id: string, enabled: boolean) =>
  useQuery({ ...openProposalsQuery(id), enabled });
