import { describe, expect, it } from "vitest";
import { freeSlots, parseWorkHours } from "./defense-slots";

const NINE_TO_FIVE = { start: 9 * 60, end: 17 * 60 };
const at = (iso: string) => Date.parse(iso);
const room = (id: string, busy: { start: number; end: number }[] = []) => ({ id, name: `Room ${id}`, busy });

describe("WORK_HOURS", () => {
  it("reads HH:MM-HH:MM, refusing what is not such a range or ends before it starts", () => {
    expect(parseWorkHours("09:00-17:00")).toEqual(NINE_TO_FIVE);
    expect(parseWorkHours(" 08:30-12:15 ")).toEqual({ start: 510, end: 735 });
    expect(parseWorkHours("17:00-09:00")).toBeNull();
    expect(parseWorkHours("9-17")).toBeNull();
    expect(parseWorkHours("09:00-25:00")).toBeNull();
  });
});

describe("free slots for a defense (DESIGN.md §18)", () => {
  it("weekdays only, within the working hours, in the future, every 30 minutes, the first free room", () => {
    // Friday 8 January 2027, 15:10 UTC.
    const slots = freeSlots({
      now: new Date("2027-01-08T15:10:00Z"),
      zone: "UTC",
      hours: NINE_TO_FIVE,
      minutes: 60,
      peopleBusy: [],
      rooms: [room("a", [{ start: at("2027-01-11T09:00:00Z"), end: at("2027-01-11T10:00:00Z") }]), room("b")],
      max: 4,
    });
    // 15:30 and 16:00 on Friday; none at the weekend; Monday 09:00 in room b (a is busy), 09:30 in b.
    expect(slots.map((s) => [s.startsAt, s.room.id])).toEqual([
      ["2027-01-08T15:30:00.000Z", "a"],
      ["2027-01-08T16:00:00.000Z", "a"],
      ["2027-01-11T09:00:00.000Z", "b"],
      ["2027-01-11T09:30:00.000Z", "b"],
    ]);
    expect(slots[0].endsAt).toBe("2027-01-08T16:30:00.000Z");
  });

  it("skips a time when any person is busy or no room is free (half-open: back to back is free)", () => {
    const slots = freeSlots({
      now: new Date("2027-01-11T06:00:00Z"),
      zone: "UTC",
      hours: { start: 9 * 60, end: 12 * 60 },
      minutes: 60,
      peopleBusy: [{ start: at("2027-01-11T09:00:00Z"), end: at("2027-01-11T09:30:00Z") }],
      rooms: [room("a", [{ start: at("2027-01-11T10:30:00Z"), end: at("2027-01-11T11:00:00Z") }])],
      max: 2,
    });
    // 09:00 overlaps the person; 09:30–10:30 touches both and is free; 10:00 and 10:30 overlap the only room.
    expect(slots.map((s) => s.startsAt)).toEqual(["2027-01-11T09:30:00.000Z", "2027-01-11T11:00:00.000Z"]);
  });

  it("keeps 09:00 on the department's clock across the spring change (Berlin, 28 March 2027)", () => {
    const slots = freeSlots({
      now: new Date("2027-03-26T07:00:00Z"),
      zone: "Europe/Berlin",
      hours: { start: 9 * 60, end: 10 * 60 },
      minutes: 60,
      peopleBusy: [],
      rooms: [room("a")],
    });
    // Friday before (UTC+1) and Monday after (UTC+2): both at 09:00 in Berlin.
    expect(slots.slice(0, 2).map((s) => s.startsAt)).toEqual([
      "2027-03-26T08:00:00.000Z",
      "2027-03-29T07:00:00.000Z",
    ]);
  });

  it("and across the autumn change (New York, 7 November 2027); nothing past the days searched", () => {
    const slots = freeSlots({
      now: new Date("2027-11-05T12:00:00Z"),
      zone: "America/New_York",
      hours: { start: 9 * 60, end: 10 * 60 },
      minutes: 60,
      peopleBusy: [],
      rooms: [room("a")],
      days: 4,
    });
    expect(slots.map((s) => s.startsAt)).toEqual(["2027-11-05T13:00:00.000Z", "2027-11-08T14:00:00.000Z"]);
  });
});
