import { api } from "@client/lib/api";
import { thesisQueries } from "@client/lib/queries/theses";
import type { Defense, DefenseInput, DefenseMoveInput, DefenseSlot } from "@shared/schemas/defenses";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

/** GET /api/theses/:id/defense, under the thesis's queries so a thesis action (a return) refreshes it. */
export const defenseQuery = (thesisId: string) =>
  queryOptions({
    queryKey: [...thesisQueries.all(), "defense", thesisId] as const,
    queryFn: () => api.getField<Defense | null>(`/theses/${thesisId}/defense`, "defense"),
  });

export const useDefense = (thesisId: string, enabled: boolean) =>
  useQuery({ ...defenseQuery(thesisId), enabled });

/** A change of a defense: the thesis's queries are asked again whatever the answer (a 409 means someone else changed something). */
function useDefenseMutation<TInput, TResult>(fn: (input: TInput) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => qc.invalidateQueries({ queryKey: thesisQueries.all() }),
  });
}

export const useScheduleDefense = (thesisId: string) =>
  useDefenseMutation((input: DefenseInput) =>
    api.post<{ defense: Defense }>(`/theses/${thesisId}/defense`, input),
  );

export const useMoveDefense = () =>
  useDefenseMutation(({ id, ...input }: DefenseMoveInput & { id: string }) =>
    api.patch<{ defense: Defense }>(`/defenses/${id}`, input),
  );

export const useCancelDefense = () =>
  useDefenseMutation((id: string) => api.delete<{ ok: true }>(`/defenses/${id}`));

export const useRecordMinutes = () =>
  useDefenseMutation(({ id, text }: { id: string; text: string }) =>
    api.put<{ defense: Defense }>(`/defenses/${id}/minutes`, { text }),
  );

/** GET /api/theses/:id/defense/slots: asked when "Find a time" is pressed, and again each time. */
export const useDefenseSlots = (thesisId: string, enabled: boolean) =>
  useQuery({
    queryKey: [...thesisQueries.all(), "defense-slots", thesisId] as const,
    queryFn: () => api.getField<DefenseSlot[]>(`/theses/${thesisId}/defense/slots`, "items"),
    enabled,
    staleTime: 0,
  });
