import { api } from "@client/lib/api";
import type { CalendarSettings, CalendarTokenResponse } from "@shared/schemas/calendar";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

const KEY = ["me", "calendar"] as const;

/** GET /api/me/calendar: whether a feed exists (its address is shown only when made) and the consent. */
export const calendarQuery = () =>
  queryOptions({ queryKey: KEY, queryFn: () => api.get<CalendarSettings>("/me/calendar") });

export const useCalendarSettings = () => useQuery(calendarQuery());

/** POST /api/me/calendar-token: a new feed address; the old one stops working. */
export function useRenewCalendarToken() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CalendarTokenResponse>("/me/calendar-token"),
    onSuccess: () => qc.setQueryData<CalendarSettings>(KEY, (s) => s && { ...s, hasFeed: true }),
  });
}

/** PUT /api/me/listing-consent: a student's consent to their name on public defenses. */
export function useListingConsent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (showNameOnPublicDefenses: boolean) =>
      api.put<CalendarSettings>("/me/listing-consent", { showNameOnPublicDefenses }),
    onSuccess: (settings) => qc.setQueryData(KEY, settings),
  });
}
