import type { ChatPage, ChatUnread } from "@shared/schemas/chat";
import { infiniteQueryOptions } from "@tanstack/react-query";
import { api } from "../api";
import { getQuery } from "./get-query";

const ALL = ["chat"] as const;

/** A group's thread; a new message (sent here or by a live event) updates or refreshes it. */
export const chatQueries = {
  all: () => ALL,
  /** Pages of a thread: the first page is the newest; each next page is older. */
  thread: (proposalId: string) =>
    infiniteQueryOptions({
      queryKey: [...ALL, proposalId] as const,
      queryFn: ({ pageParam }) =>
        api.get<ChatPage>(`/proposals/${proposalId}/messages`, { before: pageParam, limit: 30 }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => (last.hasMore ? last.items[0]?.id : undefined),
      staleTime: 30_000,
    }),
  /** The caller's unread messages per group and in all (the Chat badge); a new message refreshes it. */
  unread: () => getQuery<ChatUnread>([...ALL, "unread"], "/chat/unread"),
};
