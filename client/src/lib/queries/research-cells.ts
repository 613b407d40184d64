import type { Cell } from "@shared/schemas/cells";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../api";

type CellList = { items: Cell[] };

const ALL = ["research-cells"] as const;

/**
 * GET /api/research-cells, one cache for every screen that lists cells (the committee's pages,
 * the people and proposal forms' selects, the student's cell info).
 */
export const cellQueries = {
  all: () => ALL,
  list: () =>
    queryOptions({
      queryKey: [...ALL, "list"] as const,
      queryFn: () => api.get<CellList>("/research-cells"),
    }),
  /** Every cell with its supervisors. */
  withSupervisors: () =>
    queryOptions({
      queryKey: [...ALL, "list", "supervisors"] as const,
      queryFn: () => api.get<CellList>("/research-cells", { include: "supervisors" }),
    }),
};
