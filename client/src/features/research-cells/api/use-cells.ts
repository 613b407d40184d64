import { api } from "@client/lib/api";
import type { Cell } from "@shared/schemas/cells";
import { useQuery } from "@tanstack/react-query";
import { cellKeys } from "./keys";

export function useCells() {
  return useQuery({
    queryKey: cellKeys.list,
    queryFn: () => api.get<{ items: Cell[] }>("/research-cells"),
  });
}

/** Every cell with its supervisors, for Cell Members. */
export function useCellsWithSupervisors() {
  return useQuery({
    queryKey: cellKeys.withSupervisors,
    queryFn: () => api.get<{ items: Cell[] }>("/research-cells", { include: "supervisors" }),
  });
}
