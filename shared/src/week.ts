import { utcToWall, wallToUtc } from "./time";

/**
 * Calendar days ("YYYY-MM-DD") and weeks in the department's zone, for the committee's week of
 * defenses (decision 0078): a week is Monday to Friday, from Monday 00:00 to Saturday 00:00 on the
 * zone's own clock (so a daylight-saving change inside it moves nothing).
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** Whether the text is a real calendar day "YYYY-MM-DD". */
export function isDay(day: string): boolean {
  const m = DAY.exec(day);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === day;
}

/** The day `n` days after (before, when negative) `day`. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** "Monday" … "Sunday". */
export const weekdayOf = (day: string) => WEEKDAYS[new Date(`${day}T00:00:00Z`).getUTCDay()];

/** The Monday of the day's week. */
export function mondayOf(day: string): string {
  return addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
}

/** The zone's calendar day at an instant. */
export const dayAt = (iso: string, zone: string) => utcToWall(iso, zone).slice(0, 10);

/** The week's five days, Monday to Friday. */
export const workWeek = (monday: string) => [0, 1, 2, 3, 4].map((n) => addDays(monday, n));

/** The instants of the week's Monday 00:00 and Saturday 00:00 in the zone: the range [from, to). */
export function weekRange(monday: string, zone: string): { from: string; to: string } {
  return {
    from: wallToUtc(`${monday}T00:00`, zone)!,
    to: wallToUtc(`${addDays(monday, 5)}T00:00`, zone)!,
  };
}
