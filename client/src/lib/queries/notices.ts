import type { NoticeList } from "@shared/schemas/notices";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../api";

const ALL = ["notices"] as const;
const LISTS = [...ALL, "list"] as const;

/** Every notice query lives under ["notices"]: sending or reading one invalidates them together. */
export const noticeQueries = {
  all: () => ALL,
  lists: () => LISTS,
  /** Received (students, with the unread count) or sent (supervisors), newest first. */
  list: (page: number, pageSize: number) =>
    queryOptions({
      queryKey: [...LISTS, { page, pageSize }] as const,
      queryFn: () => api.get<NoticeList>("/notices", { page, pageSize }),
    }),
  /** The student's unread count. */
  unreadCount: () =>
    queryOptions({
      queryKey: [...ALL, "unread"] as const,
      queryFn: () => api.get<{ unread: number }>("/notices/unread-count"),
    }),
};
