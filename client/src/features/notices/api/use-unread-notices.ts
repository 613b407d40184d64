import { noticeQueries } from "@client/lib/queries/notices";
import { useQuery } from "@tanstack/react-query";

/** The student's unread count for the sidebar badge; polled so new notices show up by themselves. */
export function useUnreadNoticeCount(enabled: boolean) {
  return useQuery({
    ...noticeQueries.unreadCount(),
    select: (d) => d.unread,
    enabled,
    refetchInterval: 30_000,
    staleTime: 10_000,
  });
}
