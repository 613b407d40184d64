import { api } from "@client/lib/api";
import { ACTIVE_STATUSES } from "@shared/enums";
import type { Cell } from "@shared/schemas/cells";
import type { ProposalList } from "@shared/schemas/proposals";
import { useQuery } from "@tanstack/react-query";

/** Same key and shape as the research-cells feature: every cell with its supervisors. */
export function useCellsWithSupervisors() {
  return useQuery({
    queryKey: ["research-cells", "list", "supervisors"],
    queryFn: () => api.get<{ items: Cell[] }>("/research-cells", { include: "supervisors" }),
  });
}

const RECENT = { page: 1, pageSize: 10 };

/** The cell of the student's active proposal (the newest of theirs), or null. */
export function useMyCellId() {
  return useQuery({
    queryKey: ["proposals", "list", RECENT],
    queryFn: () => api.get<ProposalList>("/proposals", RECENT),
    select: (data) => data.items.find((p) => ACTIVE_STATUSES.includes(p.status))?.researchCell?.id ?? null,
  });
}
