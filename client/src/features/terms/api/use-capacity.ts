import { api } from "@client/lib/api";
import type { CapacityInput } from "@shared/schemas/terms";
import { useMutation } from "@tanstack/react-query";
import { useInvalidateTerms } from "./use-invalidate-terms";

interface Target {
  termId: string;
  supervisorId: string;
}
const path = ({ termId, supervisorId }: Target) => `/terms/${termId}/capacities/${supervisorId}`;

/** PUT /api/terms/:id/capacities/:supervisorId: the supervisor's own number of places in the term. */
export function useSetCapacity() {
  const invalidate = useInvalidateTerms();
  return useMutation({
    mutationFn: ({ capacity, ...target }: Target & CapacityInput) =>
      api.put<void>(path(target), { capacity }),
    onSuccess: invalidate,
  });
}

/** DELETE the same: the supervisor falls back to the term's default. */
export function useClearCapacity() {
  const invalidate = useInvalidateTerms();
  return useMutation({
    mutationFn: (target: Target) => api.delete<void>(path(target)),
    onSuccess: invalidate,
  });
}
