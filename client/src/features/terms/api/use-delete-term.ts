import { api } from "@client/lib/api";
import { useMutation } from "@tanstack/react-query";
import { useInvalidateTerms } from "./use-invalidate-terms";

/** DELETE /api/terms/:id; the server refuses (409, with the reason) a term with proposals or the current one. */
export function useDeleteTerm() {
  const invalidate = useInvalidateTerms();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/terms/${id}`),
    onSuccess: invalidate,
  });
}
