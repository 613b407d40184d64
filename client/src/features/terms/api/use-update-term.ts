import { api } from "@client/lib/api";
import type { Term, TermPatch } from "@shared/schemas/terms";
import { useMutation } from "@tanstack/react-query";
import { useInvalidateTerms } from "./use-invalidate-terms";

/** PATCH /api/terms/:id with only the fields that changed. */
export function useUpdateTerm() {
  const invalidate = useInvalidateTerms();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: TermPatch }) =>
      api.patch<{ term: Term }>(`/terms/${id}`, patch),
    onSuccess: invalidate,
  });
}
