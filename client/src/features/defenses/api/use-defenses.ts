import { api } from "@client/lib/api";
import { thesisQueries } from "@client/lib/queries/theses";
import type { DefenseList } from "@shared/schemas/defenses";
import { keepPreviousData, useQuery } from "@tanstack/react-query";

export interface DefenseListParams {
  from?: string;
  to?: string;
  roomId?: string;
  personId?: string;
}

/**
 * GET /api/defenses (the committee's Defenses screen): under the thesis's queries, so a change of
 * a defense (here or told live as its thesis's change) asks it again.
 */
export function useDefenseList(params: DefenseListParams, enabled = true) {
  const query = new URLSearchParams(
    Object.entries(params).filter((e): e is [string, string] => !!e[1]),
  ).toString();
  return useQuery({
    queryKey: [...thesisQueries.all(), "defense-list", params] as const,
    queryFn: () => api.get<DefenseList>(`/defenses${query ? `?${query}` : ""}`),
    placeholderData: keepPreviousData,
    enabled,
  });
}
