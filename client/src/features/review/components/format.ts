import { MSG } from "@shared/messages";
import type { Proposal } from "@shared/schemas/proposals";

export const formatDate = (iso: string | null | undefined) =>
  iso
    ? new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" })
    : MSG.notAvailable;

export const memberNames = (p: Proposal) =>
  p.members.length ? p.members.map((m) => m.name || MSG.unknown).join(", ") : MSG.unknown;

export const cellTitle = (p: Proposal) => p.researchCell?.title || MSG.unknownCell;

export const STATUS_COLOR = { Approved: "green", Denied: "red", Pending: "yellow" } as const;
