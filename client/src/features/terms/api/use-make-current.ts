import { api } from "@client/lib/api";
import type { Term } from "@shared/schemas/terms";
import { useMutation } from "@tanstack/react-query";
import { useInvalidateTerms } from "./use-invalidate-terms";

/** POST /api/terms/:id/current: new proposals go into this term from now on. */
export function useMakeCurrent() {
  const invalidate = useInvalidateTerms();
  return useMutation({
    mutationFn: (id: string) => api.post<{ term: Term }>(`/terms/${id}/current`),
    onSuccess: invalidate,
  });
}
