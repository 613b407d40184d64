import { api } from "@client/lib/api";
import type { NoticeList } from "@shared/schemas/notices";
import { keepPreviousData, useQuery } from "@tanstack/react-query";

/** All notice queries live under ["notices"]: sending or reading one invalidates them together. */
export const noticesKey = ["notices"] as const;

/** Received (students, with the unread count) or sent (supervisors), newest first. */
export function useNotices(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...noticesKey, "list", { page, pageSize }],
    queryFn: () => api.get<NoticeList>("/notices", { page, pageSize }),
    placeholderData: keepPreviousData,
  });
}
