import { utcToWall, wallToUtc } from "./time";

/**
 * "Find a time" for a defense (DESIGN.md §18, decision 0073): the first free slots in the next
 * days, on weekdays within the department's working hours in its zone, when every person of the
 * defense and some room are free. Pure: the server reads who is busy when, this decides.
 */

/** Working hours as minutes after midnight on the department's clock: WORK_HOURS "09:00-17:00". */
export interface WorkHours {
  start: number;
  end: number;
}

const HOURS = /^([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-4]):([0-5]\d)$/;

/** "09:00-17:00" → { start: 540, end: 1020 }; null when not such a range, or it ends before it starts. */
export function parseWorkHours(text: string): WorkHours | null {
  const m = HOURS.exec(text.trim());
  if (!m) return null;
  const [h1, m1, h2, m2] = m.slice(1).map(Number);
  const start = h1 * 60 + m1;
  const end = h2 * 60 + m2;
  return end > start && end <= 24 * 60 ? { start, end } : null;
}

/** A busy time, in milliseconds since the epoch, half-open [start, end). */
export interface Busy {
  start: number;
  end: number;
}

export interface SlotRoom {
  id: string;
  name: string;
  busy: readonly Busy[];
}

export interface Slot {
  startsAt: string;
  endsAt: string;
  room: { id: string; name: string };
}

export interface SlotSearch {
  now: Date;
  zone: string;
  hours: WorkHours;
  /** The defense's length. */
  minutes: number;
  /** When any of its people is busy. */
  peopleBusy: readonly Busy[];
  rooms: readonly SlotRoom[];
  days?: number;
  /** Candidate starts every this many minutes from the start of the working day. */
  stepMinutes?: number;
  max?: number;
}

const MINUTE_MS = 60_000;
const pad = (n: number) => String(n).padStart(2, "0");
const overlaps = (busy: readonly Busy[], start: number, end: number) =>
  busy.some((b) => b.start < end && start < b.end);

/** The calendar day `i` days after `date` ("YYYY-MM-DD"), and whether it is a weekday. */
function dayAfter(date: string, i: number): { date: string; weekday: boolean } {
  const [y, m, d] = date.split("-").map(Number);
  const day = new Date(Date.UTC(y, m - 1, d + i));
  const weekday = day.getUTCDay() >= 1 && day.getUTCDay() <= 5;
  return { date: day.toISOString().slice(0, 10), weekday };
}

/**
 * The first `max` (10) free slots from `now` over `days` (14): each start on a weekday at the
 * working day's start plus a multiple of `stepMinutes` (30), read on the zone's clock that day (so
 * 09:00 stays 09:00 across a daylight-saving change), in the future, ending within the working
 * hours of that day, with no person busy and the first room (by the order given) free.
 */
export function freeSlots(s: SlotSearch): Slot[] {
  const { days = 14, stepMinutes = 30, max = 10 } = s;
  const today = utcToWall(s.now.toISOString(), s.zone).slice(0, 10);
  const slots: Slot[] = [];
  for (let i = 0; i <= days && slots.length < max; i++) {
    const { date, weekday } = dayAfter(today, i);
    if (!weekday) continue;
    for (let t = s.hours.start; t + s.minutes <= s.hours.end && slots.length < max; t += stepMinutes) {
      const startIso = wallToUtc(`${date}T${pad(Math.floor(t / 60))}:${pad(t % 60)}`, s.zone);
      if (!startIso) continue;
      const start = Date.parse(startIso);
      const end = start + s.minutes * MINUTE_MS;
      if (start <= s.now.getTime() || start > s.now.getTime() + days * 86_400_000) continue;
      // The end on the same day's clock, within the working hours (a clock change may move it).
      const endWall = utcToWall(new Date(end).toISOString(), s.zone);
      const endMinutes = Number(endWall.slice(11, 13)) * 60 + Number(endWall.slice(14, 16));
      if (endWall.slice(0, 10) !== date || endMinutes > s.hours.end) continue;
      if (overlaps(s.peopleBusy, start, end)) continue;
      const room = s.rooms.find((r) => !overlaps(r.busy, start, end));
      if (!room) continue;
      slots.push({
        startsAt: new Date(start).toISOString(),
        endsAt: new Date(end).toISOString(),
        room: { id: room.id, name: room.name },
      });
    }
  }
  return slots;
}
