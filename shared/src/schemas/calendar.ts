import { z } from "zod";

/** POST /api/me/calendar-token: the private feed's address with a new token (the old one revoked). */
export const calendarTokenResponse = z.object({ url: z.string() });
export type CalendarTokenResponse = z.infer<typeof calendarTokenResponse>;

/** GET /api/me/calendar: whether the person has a feed (its token is never shown again) and their consent. */
export const calendarSettingsResponse = z.object({
  hasFeed: z.boolean(),
  showNameOnPublicDefenses: z.boolean(),
});
export type CalendarSettings = z.infer<typeof calendarSettingsResponse>;

/** PUT /api/me/listing-consent: a student's own choice (DESIGN.md §18), off by default. */
export const listingConsentSchema = z.object({
  showNameOnPublicDefenses: z.boolean({ error: "showNameOnPublicDefenses must be true or false." }),
});
export type ListingConsentInput = z.infer<typeof listingConsentSchema>;

/** GET /api/calendar/feed/{token}.ics: the token, 32 or more base64url characters, then `.ics`. */
export const feedParams = z.object({ file: z.string() });
