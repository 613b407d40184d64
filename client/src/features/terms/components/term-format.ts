import { formatInZone } from "@client/lib/dates";
import type { TermMode } from "@shared/enums";
import type { Term } from "@shared/schemas/terms";

export const MODE_LABEL: Record<TermMode, string> = { direct: "Direct", allocation: "Allocation" };

/** A submission window as lines: "Opens …" and "Closes …", either alone, or "No limit". */
export function windowLines(t: Pick<Term, "submissionsOpenAt" | "submissionsCloseAt">, zone: string) {
  const lines: string[] = [];
  if (t.submissionsOpenAt) lines.push(`Opens ${formatInZone(t.submissionsOpenAt, zone)}`);
  if (t.submissionsCloseAt) lines.push(`Closes ${formatInZone(t.submissionsCloseAt, zone)}`);
  return lines.length ? lines : ["No limit"];
}

export const momentText = (iso: string | null, zone: string) => (iso ? formatInZone(iso, zone) : "No limit");

export const daysText = (n: number) => `${n} ${n === 1 ? "day" : "days"}`;

export const placesText = (n: number | null) => (n === null ? "Unlimited" : String(n));
