import { api } from "@client/lib/api";
import { type LifeMutationOptions, useLifeMutation } from "@client/lib/life-mutation";
import { type ThesisListParams, thesisQueries } from "@client/lib/queries/theses";
import type { Thesis } from "@shared/schemas/theses";
import { keepPreviousData, useQuery } from "@tanstack/react-query";

/** One thesis, with the actions the caller may take now (GET /api/theses/:id). */
export const useThesis = (id: string) => useQuery(thesisQueries.detail(id));

/** A page of the theses the caller may see (the server filters, counts and pages). */
export const useThesisList = (params: ThesisListParams) =>
  useQuery({ ...thesisQueries.list(params), placeholderData: keepPreviousData });

/**
 * One action of the thesis's table (POST /api/theses/:id/<path>), answered with the thesis: like
 * a proposal's, a refusal is said at the mutation, and the thesis, its proposal and every list are
 * refetched whatever the answer.
 */
export function useThesisAction<TBody extends object>(
  id: string,
  path: string,
  options: LifeMutationOptions<TBody, Thesis> = {},
) {
  return useLifeMutation(
    async (body: TBody) => (await api.post<{ thesis: Thesis }>(`/theses/${id}/${path}`, body)).thesis,
    options,
  );
}
