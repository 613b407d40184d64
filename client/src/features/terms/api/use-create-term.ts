import { api } from "@client/lib/api";
import type { Term, TermInput } from "@shared/schemas/terms";
import { useMutation } from "@tanstack/react-query";
import { useInvalidateTerms } from "./use-invalidate-terms";

/** POST /api/terms. */
export function useCreateTerm() {
  const invalidate = useInvalidateTerms();
  return useMutation({
    mutationFn: (input: TermInput) => api.post<{ term: Term }>("/terms", input),
    onSuccess: invalidate,
  });
}
