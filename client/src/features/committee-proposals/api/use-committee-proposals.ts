import { type ProposalListParams, proposalQueries } from "@client/lib/queries/proposals";
import { cellQueries } from "@client/lib/queries/research-cells";
import { keepPreviousData, useQuery } from "@tanstack/react-query";

/** One page of every proposal matching the committee's filters (the server filters, counts and pages). */
export function useCommitteeProposals(params: ProposalListParams) {
  return useQuery({ ...proposalQueries.list(params), placeholderData: keepPreviousData });
}

export interface Option {
  value: string;
  label: string;
}

/**
 * The research cells and their supervisors, for the filters: one request (the department's cells
 * with the supervisors assigned to each). The supervisors are those of the chosen cell, or of
 * every cell, each once, by name.
 */
export function useFilterOptions(cellId: string | undefined) {
  const cells = useQuery(cellQueries.withSupervisors());
  const items = cells.data?.items ?? [];
  const cellOptions: Option[] = items.map((c) => ({ value: c.id, label: c.title }));
  const people = new Map<string, string>();
  for (const c of items)
    if (!cellId || c.id === cellId) for (const s of c.supervisors ?? []) people.set(s.id, s.name);
  const supervisorOptions: Option[] = [...people]
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return { cells, cellOptions, supervisorOptions };
}
