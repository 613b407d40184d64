import { cellQueries } from "@client/lib/queries/research-cells";
import { useQuery } from "@tanstack/react-query";

/** The cells to choose from in a teacher's "Research Cell" select. */
export function useCellOptions() {
  return useQuery({
    ...cellQueries.list(),
    select: (data) => data.items.map((c) => ({ value: c.id, label: c.title })),
  });
}
