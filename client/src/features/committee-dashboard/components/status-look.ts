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
