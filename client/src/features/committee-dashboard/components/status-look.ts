import type { ProposalStatus } from "@shared/enums";
import {
  IconArrowBackUp,
  IconArrowsShuffle,
  IconCircleCheck,
  IconCircleX,
  IconEdit,
  IconGavel,
  IconHourglass,
  IconUserPlus,
} from "@tabler/icons-react";

/**
 * Each status's colour in the chart and on its figure: the specification's green Approved, red
 * Denied and yellow Pending, grey Withdrawn, and a colour of its own for every other status, so
 * that stacked bars can be told apart (the legend and the tooltip name each one too).
 */
export const STATUS_CHART_COLOR: Record<ProposalStatus, string> = {
  "Awaiting members": "cyan.4",
  "Awaiting allocation": "violet.4",
  Pending: "yellow.5",
  "Changes requested": "orange.6",
  "Awaiting committee": "indigo.6",
  Approved: "green.6",
  Denied: "red.7",
  Withdrawn: "gray.5",
};

export const STATUS_ICON: Record<ProposalStatus, typeof IconHourglass> = {
  "Awaiting members": IconUserPlus,
  "Awaiting allocation": IconArrowsShuffle,
  Pending: IconHourglass,
  "Changes requested": IconEdit,
  "Awaiting committee": IconGavel,
  Approved: IconCircleCheck,
  Denied: IconCircleX,
  Withdrawn: IconArrowBackUp,
};

/** The committee's Proposals screen, filtered (DESIGN.md §15: the filters live in its address). */
export function proposalsLink(filters: {
  status?: ProposalStatus;
  researchCellId?: string;
  termId?: string;
}) {
  const params = new URLSearchParams();
  if (filters.status) params.set("status", filters.status);
  if (filters.researchCellId) params.set("researchCellId", filters.researchCellId);
  if (filters.termId) params.set("termId", filters.termId);
  const query = params.toString();
  return `/committee/proposals${query ? `?${query}` : ""}`;
}
