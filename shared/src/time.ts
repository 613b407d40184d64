/**
 * Times are stored and sent as UTC instants and shown in the department's time zone (TIME_ZONE,
 * DESIGN.md §8), with the zone named. A form's date-and-time field holds wall-clock time in that
 * zone ("2027-01-12T09:00"); these turn one into the other with the platform's own zone data.
 */

/** Whether the platform knows this IANA time zone name. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const wallFormats = new Map<string, Intl.DateTimeFormat>();
function wallFormat(zone: string) {
  let f = wallFormats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-CA", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    wallFormats.set(zone, f);
  }
  return f;
}

function wallParts(ms: number, zone: string) {
  const p: Record<string, number> = {};
  for (const { type, value } of wallFormat(zone).formatToParts(new Date(ms)))
    if (type !== "literal") p[type] = Number(value);
  return p as Record<"year" | "month" | "day" | "hour" | "minute" | "second", number>;
}

/** How far the zone's wall clock is ahead of UTC at this instant, in milliseconds. */
function offsetAt(ms: number, zone: string): number {
  const p = wallParts(ms, zone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - (ms - (ms % 1000));
}

const WALL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The instant (ISO, UTC) at which the zone's clock shows `wall` ("YYYY-MM-DDTHH:mm"); null when
 * `wall` is not such a time. A time skipped by a clock change is read with the offset before it.
 */
export function wallToUtc(wall: string, zone: string): string | null {
  const m = WALL.exec(wall);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((v) => Number(v ?? 0));
  const guess = Date.UTC(y, mo - 1, d, h, mi, s);
  if (Number.isNaN(guess)) return null;
  let ms = guess - offsetAt(guess, zone);
  const second = guess - offsetAt(ms, zone);
  if (second !== ms) ms = second;
  return new Date(ms).toISOString();
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The zone's wall-clock time at an instant, as a date-and-time field holds it ("YYYY-MM-DDTHH:mm"). */
export function utcToWall(iso: string, zone: string): string {
  const p = wallParts(new Date(iso).getTime(), zone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/**
 * The one way an instant is written for people, always in the department's zone (decision 0051):
 * its day, "12 January 2027"; its day and time, "12 January 2027, 09:00", where the screen names
 * the zone once (a column's heading); and the same naming the zone, formatInZone.
 */
export function dayInZone(iso: string, zone: string): string {
  const p = wallParts(new Date(iso).getTime(), zone);
  return `${p.day} ${MONTHS[p.month - 1]} ${p.year}`;
}

/** The day and time in the zone, without naming it: "12 January 2027, 09:00". */
export function dayTimeInZone(iso: string, zone: string): string {
  const p = wallParts(new Date(iso).getTime(), zone);
  return `${p.day} ${MONTHS[p.month - 1]} ${p.year}, ${pad(p.hour)}:${pad(p.minute)}`;
}

/** An instant as people read it, in the zone and naming it: "12 January 2027, 09:00 (Europe/Berlin)". */
export const formatInZone = (iso: string, zone: string): string => `${dayTimeInZone(iso, zone)} (${zone})`;

/** A day's milliseconds: review-due periods are whole days. */
export const DAY_MS = 86_400_000;
