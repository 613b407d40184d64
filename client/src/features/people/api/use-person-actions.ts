import { api } from "@client/lib/api";
import { userQueries } from "@client/lib/queries/users";
import type { OpenProposal, UpdatePersonInput } from "@shared/schemas/accounts";
import type { Person } from "@shared/schemas/users";
import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { usePeopleMutation } from "./use-people-mutation";

/** The committee's tools for one person (DESIGN.md §12); each refreshes the people lists. */
export const useUpdatePerson = () =>
  usePeopleMutation(({ id, ...input }: UpdatePersonInput & { id: string }) =>
    api.patch<{ user: Person }>(`/users/${id}`, input),
  );

export const useDeactivatePerson = () =>
  usePeopleMutation((id: string) => api.post<{ user: Person }>(`/users/${id}/deactivate`));

export const useReactivatePerson = () =>
  usePeopleMutation((id: string) => api.post<{ user: Person }>(`/users/${id}/reactivate`));

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
