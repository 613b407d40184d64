import {
  calendarSettingsResponse,
  calendarTokenResponse,
  feedParams,
  listingConsentSchema,
} from "@shared/schemas/calendar";
import { z } from "zod";
import { moduleRoutes } from "../../lib/module-routes";
import { routesOf } from "../../lib/route";
import {
  calendarSettingsOf,
  privateFeed,
  publicFeed,
  putListingConsent,
  renewFeedToken,
} from "./calendar.service";

const route = routesOf("calendar", []);
const ics = z.any().describe("An iCalendar file (RFC 5545), text/calendar");
const ICS_TYPE = "text/calendar; charset=utf-8";

/** Calendars (DESIGN.md §18, §23): the private feed and its token, the public feed, a student's consent. */
export const calendarRoutes = moduleRoutes(route, ({ api, app }) => {
  const at = () => ({ publicUrl: app.config.publicUrl, now: app.now() });

  api("GET", "/me/calendar", {
    access: "signed-in",
    summary:
      "Whether I have a private calendar feed (its address is shown only when made), and my listing consent",
    response: calendarSettingsResponse,
    errors: [401],
    run: (c) => calendarSettingsOf(c.db, c.by.id),
  });

  api("POST", "/me/calendar-token", {
    access: "signed-in",
    summary: "A new private calendar feed address; the previous one stops working",
    response: calendarTokenResponse,
    errors: [401],
    run: (c) => renewFeedToken(c.db, c.by.id, c.publicUrl),
  });

  api("PUT", "/me/listing-consent", {
    access: "listing:consent",
    summary: "A student's consent to their name on the public defenses feed",
    body: listingConsentSchema,
    response: calendarSettingsResponse,
    errors: [400, 401, 403],
    run: (c, { body }) => putListingConsent(c.db, c.by.id, body.showNameOnPublicDefenses),
  });

  app.get(
    "/calendar/feed/:file",
    route("anyone", {
      summary:
        "The holder's private feed ({token}.ics): their defenses and deadlines; 404 when unknown or revoked",
      params: feedParams,
      response: { 200: ics },
      errors: [404],
    }),
    async (request, reply) => reply.type(ICS_TYPE).send(await privateFeed(app.db, request.params.file, at())),
  );

  app.get(
    "/calendar/public.ics",
    route("anyone", {
      summary: "Public defenses (title, time, room; a student's name only with their consent)",
      response: { 200: ics },
    }),
    async (_request, reply) => reply.type(ICS_TYPE).send(await publicFeed(app.db, at())),
  );
});
