import { describe, expect, it } from "vitest";
import { addDays, dayAt, isDay, mondayOf, weekdayOf, weekRange, workWeek } from "./week";

describe("weeks in the department's zone", () => {
  it("finds the Monday of any day, across a month's and a year's end", () => {
    expect(mondayOf("2027-01-01")).toBe("2026-12-28");
    expect(mondayOf("2027-03-28")).toBe("2027-03-22");
    expect(mondayOf("2027-03-29")).toBe("2027-03-29");
    expect(weekdayOf("2027-03-29")).toBe("Monday");
    expect(workWeek("2027-03-29")).toEqual([
      "2027-03-29",
      "2027-03-30",
      "2027-03-31",
      "2027-04-01",
      "2027-04-02",
    ]);
    expect(addDays("2027-03-01", -1)).toBe("2027-02-28");
  });

  it("a week is Monday 00:00 to Saturday 00:00 on the zone's clock, also over a daylight-saving change", () => {
    // Berlin's clocks go forward on Sunday 28 March 2027: the week before is all UTC+1, the next UTC+2.
    expect(weekRange("2027-03-22", "Europe/Berlin")).toEqual({
      from: "2027-03-21T23:00:00.000Z",
      to: "2027-03-26T23:00:00.000Z",
    });
    expect(weekRange("2027-03-29", "Europe/Berlin")).toEqual({
      from: "2027-03-28T22:00:00.000Z",
      to: "2027-04-02T22:00:00.000Z",
    });
    expect(dayAt("2027-03-28T22:30:00.000Z", "Europe/Berlin")).toBe("2027-03-29");
  });

  it("reads only real days", () => {
    expect(isDay("2027-02-28")).toBe(true);
    expect(isDay("2027-02-30")).toBe(false);
    expect(isDay("2027-2-3")).toBe(false);
    expect(isDay("")).toBe(false);
  });
});
