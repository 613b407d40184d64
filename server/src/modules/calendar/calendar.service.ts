import { createHash, randomBytes } from "node:crypto";
import { MSG } from "@shared/messages";
import type { CalendarSettings } from "@shared/schemas/calendar";
import type { Db } from "../../db/client";
import { iso } from "../../db/query";
import { NotFoundError } from "../../lib/errors";
import { icsCalendar } from "../../lib/ics";
import { defenseEvent } from "../defenses/defense-tell";
import {
  type FeedDefense,
  selectCalendarSettings,
  selectFeedOwner,
  selectPersonDeadlines,
  selectPersonDefenses,
  selectPublicDefenses,
  setFeedTokenHash,
  setListingConsent,
} from "./calendar.repository";

/** Random bytes of a feed token: 32 bytes, 43 base64url characters. */
const TOKEN_BYTES = 32;
/** The file part of a feed's address: the token (base64url, 32 or more characters) and `.ics`. */
const FEED_FILE = /^([A-Za-z0-9_-]{32,128})\.ics$/;

/** The feed's address path; the request log writes it with the token hidden (server/src/lib/log.ts). */
export const FEED_PATH = "/api/calendar/feed/";

/** A token as stored: its SHA-256 (hex). The token itself is never stored nor logged. */
export const feedTokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/** POST /api/me/calendar-token: a new token (the old one revoked), answered once as the feed's address. */
export async function renewFeedToken(db: Db, userId: string, publicUrl: string) {
  const token = randomBytes(TOKEN_BYTES).toString("base64url");
  await setFeedTokenHash(db, userId, feedTokenHash(token));
  return { url: `${publicUrl}${FEED_PATH}${token}.ics` };
}

export const calendarSettingsOf = (db: Db, userId: string): Promise<CalendarSettings> =>
  selectCalendarSettings(db, userId);

/** PUT /api/me/listing-consent: a student's own choice. */
export async function putListingConsent(db: Db, userId: string, show: boolean): Promise<CalendarSettings> {
  await setListingConsent(db, userId, show);
  return selectCalendarSettings(db, userId);
}

const c = (publicUrl: string) => ({ publicUrl });
const host = (publicUrl: string) => new URL(publicUrl).host;
const defenseEvents = (rows: FeedDefense[], publicUrl: string) =>
  rows.map((d) => defenseEvent(d, d.title, c(publicUrl)));

/**
 * GET /api/calendar/feed/{token}.ics: the holder's defenses and deadlines (DESIGN.md §18). An
 * unknown, renewed or revoked token, or a deactivated account's, is 404, as is a malformed one.
 */
export async function privateFeed(db: Db, file: string, o: { publicUrl: string; now: Date }) {
  const token = FEED_FILE.exec(file)?.[1];
  const userId = token ? await selectFeedOwner(db, feedTokenHash(token)) : undefined;
  if (!userId) throw new NotFoundError(MSG.calendarFeedNotFound);
  const [defenses, deadlines] = await Promise.all([
    selectPersonDefenses(db, userId),
    selectPersonDeadlines(db, userId),
  ]);
  const events = [
    ...defenseEvents(defenses, o.publicUrl),
    ...deadlines.map((d) => ({
      uid: `${d.uid}@${host(o.publicUrl)}`,
      start: new Date(iso(d.at)),
      summary: `${d.what}: ${d.title}`,
    })),
  ];
  return icsCalendar(events, { method: "PUBLISH", stamp: o.now, name: "ThesisDesk" });
}

/** GET /api/calendar/public.ics: public defenses, a student's name only with their consent. */
export async function publicFeed(db: Db, o: { publicUrl: string; now: Date }) {
  const rows = await selectPublicDefenses(db, o.now);
  const events = rows.map((d) => ({
    ...defenseEvent({ ...d, online_url: null }, d.title, c(o.publicUrl)),
    description: d.names.length ? d.names.join(", ") : undefined,
  }));
  return icsCalendar(events, { method: "PUBLISH", stamp: o.now, name: MSG.publicDefensesCalendar });
}
