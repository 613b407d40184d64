import { api } from "@client/lib/api";
import { type LifeMutationOptions, useLifeMutation } from "@client/lib/life-mutation";
import { type ThesisListParams, thesisQueries } from "@client/lib/queries/theses";
import type { Thesis } from "@shared/schemas/theses";
import { keepPreviousData, useQuery } from "@tanstack/react-query";

/** One thesis, with the actions the caller may take now (GET /api/theses/:id). */
export const useThesis = (id: string) => useQuery(thesisQueries.detail(id));

/** Its drafts, its latest extension request and the declarations (GET /api/theses/:id/writing). */
export const useThesisWriting = (id: string) => useQuery(thesisQueries.writing(id));

/** A page of the theses the caller may see (the server filters, counts and pages). */
export const useThesisList = (params: ThesisListParams) =>
  useQuery({ ...thesisQueries.list(params), placeholderData: keepPreviousData });

/** How an action is sent: its method and its address under /api/theses/:id/. */
export interface ThesisRequest {
  method?: "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  body: object;
}

/**
 * One action of the thesis's table, answered with the thesis: like a proposal's, a refusal is said
 * at the mutation, and the thesis, its proposal and every list are refetched whatever the answer.
 */
export function useThesisAction(id: string, options: LifeMutationOptions<ThesisRequest, Thesis> = {}) {
  return useLifeMutation(async ({ method = "POST", path, body }: ThesisRequest) => {
    const url = `/theses/${id}/${path}`;
    const send = { POST: api.post, PUT: api.put, PATCH: api.patch, DELETE: api.delete }[method];
    return (await send<{ thesis: Thesis }>(url, body)).thesis;
  }, options);
}

/** The visibility proposal, the consents and, once released, the result (GET /api/theses/:id/result). */
export const useThesisResult = (id: string) => useQuery(thesisQueries.result(id));
