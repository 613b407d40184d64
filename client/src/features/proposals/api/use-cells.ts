import { cellQueries } from "@client/lib/queries/research-cells";
import { useQuery } from "@tanstack/react-query";

/** Every research cell, for the Research Cell select. */
export function useCellOptions() {
  return useQuery({
    ...cellQueries.list(),
    select: (data) => data.items.map((c) => ({ value: c.id, label: c.title })),
  });
}
