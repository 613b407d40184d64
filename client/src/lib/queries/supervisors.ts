import type { SupervisorList } from "@shared/schemas/directory";
import { getQuery } from "./get-query";

const ALL = ["supervisors"] as const;

/**
 * GET /api/supervisors of one cell, with each one's places left in the current term. A submission,
 * a reassignment (or a refusal for want of places) changes places, so they invalidate `all()`.
 */
export const cellSupervisorQueries = {
  all: () => ALL,
  ofCell: (cellId: string) =>
    getQuery<SupervisorList>([...ALL, cellId], "/supervisors", { researchCellId: cellId }),
};
