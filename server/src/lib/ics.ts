/**
 * iCalendar (RFC 5545) written by hand (decision 0076): a few properties, escaped and folded as
 * the RFC says. Times are UTC instants with `Z`, so every calendar shows them right in its own zone,
 * across a daylight-saving change too (TIME_ZONE only words the emails).
 */

export interface IcsEvent {
  /** Stable across every change of the same thing (a defense's invitations, moves and cancellation). */
  uid: string;
  sequence?: number;
  start: Date;
  /** None: the event is an instant (a deadline). */
  end?: Date;
  summary: string;
  description?: string;
  location?: string;
  url?: string;
  cancelled?: boolean;
}

export type IcsMethod = "PUBLISH" | "REQUEST" | "CANCEL";

/** TEXT values: backslash, semicolon, comma and line breaks escaped (RFC 5545 §3.3.11). */
export const icsText = (s: string) =>
  s
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");

/** A UTC DATE-TIME: 20270328T080000Z. */
export const icsTime = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/**
 * A content line folded at 75 octets (RFC 5545 §3.1): CRLF and a space before each further part,
 * never inside a UTF-8 character.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let part = "";
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    const limit = parts.length ? 74 : 75;
    if (octets + size > limit) {
      parts.push(part);
      part = "";
      octets = 0;
    }
    part += ch;
    octets += size;
  }
  parts.push(part);
  return parts.join("\r\n ");
}

function eventLines(e: IcsEvent, stamp: Date, method: IcsMethod, organizer?: string): string[] {
  return [
    "BEGIN:VEVENT",
    `UID:${e.uid}`,
    `SEQUENCE:${e.sequence ?? 0}`,
    `DTSTAMP:${icsTime(stamp)}`,
    `DTSTART:${icsTime(e.start)}`,
    ...(e.end ? [`DTEND:${icsTime(e.end)}`] : []),
    `SUMMARY:${icsText(e.summary)}`,
    ...(e.description ? [`DESCRIPTION:${icsText(e.description)}`] : []),
    ...(e.location ? [`LOCATION:${icsText(e.location)}`] : []),
    ...(e.url ? [`URL:${e.url}`] : []),
    ...(organizer && method !== "PUBLISH" ? [`ORGANIZER;CN=ThesisDesk:mailto:${organizer}`] : []),
    `STATUS:${e.cancelled ? "CANCELLED" : "CONFIRMED"}`,
    "TRANSP:OPAQUE",
    "END:VEVENT",
  ];
}

/** A whole calendar (CRLF line ends), for a feed (PUBLISH) or an emailed invitation (REQUEST, CANCEL). */
export function icsCalendar(
  events: IcsEvent[],
  o: { method: IcsMethod; stamp: Date; name?: string; organizer?: string },
): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//ThesisDesk//Calendars//EN",
    "CALSCALE:GREGORIAN",
    `METHOD:${o.method}`,
    ...(o.name ? [`X-WR-CALNAME:${icsText(o.name)}`] : []),
    ...events.flatMap((e) => eventLines(e, o.stamp, o.method, o.organizer)),
    "END:VCALENDAR",
  ];
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}
