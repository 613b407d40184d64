import { MSG } from "@shared/messages";
import { dayInZone, dayTimeInZone, formatInZone } from "@shared/time";
import { useQuery } from "@tanstack/react-query";
import { termQueries } from "./queries/terms";

/**
 * Dates on screen, one way everywhere (decision 0051): always in the department's time zone
 * (DESIGN.md §8), which comes with the terms; the zone named with the moment where it stands alone
 * (a deadline, a timeline's entry: formatInZone), or once for a list (a column's heading).
 */
export { formatInZone };

/** The department's time zone, read with the terms (cached: most screens ask for them); UTC until then. */
export function useTimeZone(): string {
  return useQuery({ ...termQueries.list(), select: (d) => d.timeZone }).data ?? "UTC";
}

/** The day, "12 January 2027"; a missing one is "N/A". */
export const formatDate = (iso: string | null | undefined, zone: string) =>
  iso ? dayInZone(iso, zone) : MSG.notAvailable;

/** The day and time, "12 January 2027, 09:00" (the screen names the zone). */
export const formatDateTime = (iso: string, zone: string) => dayTimeInZone(iso, zone);

/**
 * A day (or, `withTime`, a day and time) in the department's zone, for a list's cell or a card
 * that has no zone at hand; a missing one is "N/A".
 */
export function DateText({ iso, withTime = false }: { iso: string | null | undefined; withTime?: boolean }) {
  const zone = useTimeZone();
  if (!iso) return MSG.notAvailable;
  return <time dateTime={iso}>{withTime ? formatDateTime(iso, zone) : formatDate(iso, zone)}</time>;
}
