import type { NoticeList } from "@shared/schemas/notices";
import { getQuery } from "./get-query";

const ALL = ["notices"] as const;
const LISTS = [...ALL, "list"] as const;

/** Every notice query lives under ["notices"]: sending or reading one invalidates them together. */
export const noticeQueries = {
  all: () => ALL,
  lists: () => LISTS,
  /** Received (students, with the unread count) or sent (supervisors), newest first. */
  list: (page: number, pageSize: number) =>
    getQuery<NoticeList>([...LISTS, { page, pageSize }], "/notices", { page, pageSize }),
  /** The student's unread count. */
  unreadCount: () => getQuery<{ unread: number }>([...ALL, "unread"], "/notices/unread-count"),
};
