import { api } from "@client/lib/api";
import { allocationQueries } from "@client/lib/queries/allocation";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

/** The groups that ranked the supervisor's topics in a term (GET /api/terms/:id/applicants). */
export const useApplicants = (termId: string | undefined) =>
  useQuery({ ...allocationQueries.applicants(termId ?? ""), enabled: !!termId });

/** PUT /api/terms/:id/ranking: the supervisor's order, best first; the rest follow by lot. */
export function useSaveRanking(termId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (proposalIds: string[]) => api.put<{ ok: true }>(`/terms/${termId}/ranking`, { proposalIds }),
    onSettled: () => qc.invalidateQueries({ queryKey: allocationQueries.all() }),
  });
}
