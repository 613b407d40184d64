import { cellQueries } from "@client/lib/queries/research-cells";
import { useQuery } from "@tanstack/react-query";

export function useCells() {
  return useQuery(cellQueries.list());
}

/** Every cell with its supervisors, for Cell Members. */
export function useCellsWithSupervisors() {
  return useQuery(cellQueries.withSupervisors());
}
