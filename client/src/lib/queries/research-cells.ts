import type { Cell } from "@shared/schemas/cells";
import { getQuery } from "./get-query";

type CellList = { items: Cell[] };

const ALL = ["research-cells"] as const;

/**
 * GET /api/research-cells, one cache for every screen that lists cells (the committee's pages,
 * the people and proposal forms' selects, the student's cell info).
 */
export const cellQueries = {
  all: () => ALL,
  list: () => getQuery<CellList>([...ALL, "list"], "/research-cells"),
  /** Every cell with its supervisors. */
  withSupervisors: () =>
    getQuery<CellList>([...ALL, "list", "supervisors"], "/research-cells", { include: "supervisors" }),
};
