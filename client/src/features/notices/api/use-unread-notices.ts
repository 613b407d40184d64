import { api } from "@client/lib/api";
import { useQuery } from "@tanstack/react-query";
import { noticesKey } from "./use-notices";

/** The student's unread count for the sidebar badge; polled so new notices show up by themselves. */
export function useUnreadNoticeCount(enabled: boolean) {
  return useQuery({
    queryKey: [...noticesKey, "unread"],
    queryFn: () => api.get<{ unread: number }>("/notices/unread-count"),
    select: (d) => d.unread,
    enabled,
    refetchInterval: 30_000,
    staleTime: 10_000,
  });
}
