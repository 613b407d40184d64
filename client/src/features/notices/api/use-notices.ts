import { noticeQueries } from "@client/lib/queries/notices";
import { keepPreviousData, useQuery } from "@tanstack/react-query";

/** Received (students, with the unread count) or sent (supervisors), newest first. */
export function useNotices(page: number, pageSize: number) {
  return useQuery({ ...noticeQueries.list(page, pageSize), placeholderData: keepPreviousData });
}
