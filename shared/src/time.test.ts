import { describe, expect, it } from "vitest";
import { dayInZone, dayTimeInZone, formatInZone, isTimeZone, utcToWall, wallToUtc } from "./time";

describe("times in the department's zone", () => {
  it("turns a wall-clock time in the zone into the instant, in winter and in summer", () => {
    expect(wallToUtc("2027-01-12T09:00", "Europe/Berlin")).toBe("2027-01-12T08:00:00.000Z");
    expect(wallToUtc("2027-07-12T09:00", "Europe/Berlin")).toBe("2027-07-12T07:00:00.000Z");
    expect(wallToUtc("2027-07-12T09:00", "America/New_York")).toBe("2027-07-12T13:00:00.000Z");
    expect(wallToUtc("2027-07-12T09:00", "UTC")).toBe("2027-07-12T09:00:00.000Z");
    expect(wallToUtc("2027-07-12T09:00", "Asia/Kolkata")).toBe("2027-07-12T03:30:00.000Z");
  });

  it("reads a time skipped by the spring change with the offset before it, and refuses what is not a time", () => {
    // 02:30 does not exist in Berlin on 28 March 2027: the clock jumps from 02:00 to 03:00.
    expect(wallToUtc("2027-03-28T02:30", "Europe/Berlin")).toBe("2027-03-28T01:30:00.000Z");
    expect(wallToUtc("next monday", "Europe/Berlin")).toBeNull();
    expect(wallToUtc("", "Europe/Berlin")).toBeNull();
  });

  it("shows an instant as the zone's wall clock, and names the zone when written for people", () => {
    expect(utcToWall("2027-01-12T08:00:00.000Z", "Europe/Berlin")).toBe("2027-01-12T09:00");
    expect(utcToWall("2027-12-31T23:30:00.000Z", "Europe/Berlin")).toBe("2028-01-01T00:30");
    expect(formatInZone("2027-02-01T08:00:00.000Z", "Europe/Berlin")).toBe(
      "1 February 2027, 09:00 (Europe/Berlin)",
    );
    for (const wall of ["2027-03-28T01:59", "2027-03-28T03:00", "2027-10-31T01:30"])
      expect(utcToWall(wallToUtc(wall, "Europe/Berlin")!, "Europe/Berlin")).toBe(wall);
  });

  it("writes the day, and the day and time, in the zone: across midnight the day is the zone's", () => {
    expect(dayInZone("2027-12-31T23:30:00.000Z", "Europe/Berlin")).toBe("1 January 2028");
    expect(dayInZone("2027-12-31T23:30:00.000Z", "UTC")).toBe("31 December 2027");
    expect(dayTimeInZone("2027-07-04T00:05:00.000Z", "America/New_York")).toBe("3 July 2027, 20:05");
    expect(dayTimeInZone("2027-07-04T00:05:00.000Z", "UTC")).toBe("4 July 2027, 00:05");
  });

  it("knows a zone name from a typo", () => {
    expect(isTimeZone("Europe/Berlin")).toBe(true);
    expect(isTimeZone("Europe/Berlim")).toBe(false);
  });
});
