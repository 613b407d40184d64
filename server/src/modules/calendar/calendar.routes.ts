import {
  calendarSettingsResponse,
  calendarTokenResponse,
  feedParams,
  listingConsentSchema,
} from "@shared/schemas/calendar";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { routesOf } from "../../lib/route";
import { requireUser } from "../../plugins/session";
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
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const at = () => ({ publicUrl: app.config.publicUrl, now: app.now() });

  app.get(
    "/me/calendar",
    route("signed-in", {
      summary:
        "Whether I have a private calendar feed (its address is shown only when made), and my listing consent",
      response: { 200: calendarSettingsResponse },
      errors: [401],
    }),
    async (request) => calendarSettingsOf(app.db, requireUser(request).id),
  );

  app.post(
    "/me/calendar-token",
    route("signed-in", {
      summary: "A new private calendar feed address; the previous one stops working",
      response: { 200: calendarTokenResponse },
      errors: [401],
    }),
    async (request) => renewFeedToken(app.db, requireUser(request).id, app.config.publicUrl),
  );

  app.put(
    "/me/listing-consent",
    route("listing:consent", {
      summary: "A student's consent to their name on the public defenses feed",
      body: listingConsentSchema,
      response: { 200: calendarSettingsResponse },
      errors: [400, 401, 403],
    }),
    async (request) =>
      putListingConsent(app.db, requireUser(request).id, request.body.showNameOnPublicDefenses),
  );

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
};
