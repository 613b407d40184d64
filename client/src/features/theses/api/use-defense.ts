import { api } from "@client/lib/api";
import { thesisQueries } from "@client/lib/queries/theses";
import type { Defense, DefenseInput, DefenseMoveInput, DefenseSlot } from "@shared/schemas/defenses";
import {
  queryOptions,
  type UseMutationOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";

/** GET /api/theses/:id/defense, under the thesis's queries so a thesis action (a return) refreshes it. */
export const defenseQuery = (thesisId: string) =>
  queryOptions({
    queryKey: [...thesisQueries.all(), "defense", thesisId] as const,
    queryFn: () => api.getField<Defense | null>(`/theses/${thesisId}/defense`, "defense"),
  });

export const useDefense = (thesisId: string, enabled: boolean) =>
  useQuery({ ...defenseQuery(thesisId), enabled });

/** What a change of a defense does on its answer, whatever becomes of the component that sent it. */
type DefenseHandlers<TInput, TResult> = Pick<
  UseMutationOptions<TResult, Error, TInput>,
  "onSuccess" | "onError"
>;

/**
 * A change of a defense: the thesis's queries are asked again whatever the answer (a 409 means
 * someone else changed something). `handlers` are the hook's own: they run even when the component
 * is gone by the answer, which a `mutate(…, handlers)` does not.
 */
function useDefenseMutation<TInput, TResult>(
  fn: (input: TInput) => Promise<TResult>,
  handlers: DefenseHandlers<TInput, TResult> = {},
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    ...handlers,
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

/**
 * Its handlers are the hook's: the page may hear of the cancel (a live event) and drop the Cancel
 * button, and its dialog, before the answer comes; what the answer says is still said.
 */
export const useCancelDefense = (handlers: DefenseHandlers<string, { ok: true }> = {}) =>
  useDefenseMutation((id: string) => api.delete<{ ok: true }>(`/defenses/${id}`), handlers);

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
