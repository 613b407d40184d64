/** The words of the calendars (DESIGN.md §18): the private feed, the public one, the consent. */
export const CALENDAR_MSG = {
  calendarFeedNotFound: "Calendar not found: the link was renewed or revoked.",
  calendarFeedTitle: "Your calendar feed",
  calendarFeedHelp:
    "Subscribe to this address in your calendar program to see your defenses and deadlines. Keep it to yourself: anyone with it can read them.",
  calendarFeedNone: "You have no calendar link yet.",
  calendarFeedCreate: "Create calendar link",
  calendarFeedRenew: "Renew link",
  calendarFeedRenewTitle: "Renew your calendar link?",
  calendarFeedRenewBody:
    "The current link stops working at once: calendars subscribed to it no longer update until you subscribe them to the new one.",
  calendarFeedRenewed: "A new calendar link is ready; the old one no longer works.",
  calendarFeedFailed: "The calendar link could not be made.",
  calendarFeedCopied: "Calendar link copied.",
  listingConsentLabel: "Show my name on public defenses",
  listingConsentHelp:
    "Public defenses are listed without login (title, time and room). With this on, your name is shown with your defense.",
  listingConsentOn: "Your name is shown on your public defenses.",
  listingConsentOff: "Your name is not shown on public defenses.",
  listingConsentFailed: "Your choice could not be saved.",
  publicDefensesCalendar: "Public defenses",
} as const;
