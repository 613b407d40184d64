import { api } from "@client/lib/api";
import type { Cell } from "@shared/schemas/cells";
import { useQuery } from "@tanstack/react-query";
import { cellListKey } from "./keys";

/** Every research cell, for the Research Cell select. */
export function useCellOptions() {
  return useQuery({
    queryKey: cellListKey,
    queryFn: () => api.get<{ items: Cell[] }>("/research-cells"),
    select: (data) => data.items.map((c) => ({ value: c.id, label: c.title })),
  });
}
