import { api } from "@client/lib/api";
import { thesisQueries } from "@client/lib/queries/theses";
import type { Assessments } from "@shared/schemas/assessments";
import { queryOptions, useQuery } from "@tanstack/react-query";

/**
 * GET /api/theses/:id/assessments (DESIGN.md §17), blind as the server answers it. Under
 * ["theses"], so every thesis action refreshes it with the thesis.
 */
export const assessmentsQuery = (id: string) =>
  queryOptions({
    queryKey: [...thesisQueries.all(), "assessments", id] as const,
    queryFn: () => api.getField<Assessments>(`/theses/${id}/assessments`, "assessments"),
  });

export const useAssessments = (id: string, enabled = true) => useQuery({ ...assessmentsQuery(id), enabled });
