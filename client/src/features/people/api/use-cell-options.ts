import { api } from "@client/lib/api";
import type { Cell } from "@shared/schemas/cells";
import { useQuery } from "@tanstack/react-query";
import { cellsKey } from "./keys";

/** The cells to choose from in a teacher's "Research Cell" select. */
export function useCellOptions() {
  return useQuery({
    queryKey: [...cellsKey, "list"],
    queryFn: () => api.get<{ items: Cell[] }>("/research-cells"),
    select: (data) => data.items.map((c) => ({ value: c.id, label: c.title })),
  });
}
