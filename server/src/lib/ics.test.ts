import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { foldLine, icsCalendar, icsText } from "./ics";

/** The hand-written iCalendar (decision 0076): escaping and folding as RFC 5545 says, read back by ical.js. */
describe("ics", () => {
  it("escapes TEXT and folds long lines at 75 octets without splitting a character; ical.js reads back the same words", () => {
    expect(icsText("a\\b;c,d\ne")).toBe("a\\\\b\\;c\\,d\\ne");
    const title = `Übersicht; Kosten, Nutzen — ${"é".repeat(60)} 📅 and a new\nline`;
    const text = icsCalendar(
      [
        {
          uid: "x-1@example.edu",
          sequence: 3,
          start: new Date("2027-10-31T09:00:00Z"),
          end: new Date("2027-10-31T10:00:00Z"),
          summary: title,
          location: "Room 1, Floor 2",
        },
      ],
      { method: "REQUEST", stamp: new Date("2027-01-01T00:00:00Z"), organizer: "noreply@example.edu" },
    );
    for (const line of text.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(text.endsWith("\r\n")).toBe(true);
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent("vevent")!);
    expect(event.summary).toBe(title);
    expect(event.location).toBe("Room 1, Floor 2");
    expect(event.sequence).toBe(3);
    expect(event.startDate.toJSDate().toISOString()).toBe("2027-10-31T09:00:00.000Z");
    expect(foldLine("short")).toBe("short");
  });
});
