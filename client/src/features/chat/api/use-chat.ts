import { api } from "@client/lib/api";
import { chatQueries } from "@client/lib/queries/chat";
import type { ChatMessage } from "@shared/schemas/chat";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

/** Pages of a thread: the first page is the newest; each next page is older. */
export function useChatMessages(proposalId: string) {
  return useInfiniteQuery(chatQueries.thread(proposalId));
}

export function useSendMessage(proposalId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      api.post<{ message: ChatMessage }>(`/proposals/${proposalId}/messages`, { body }),
    onSuccess: ({ message }) => {
      // Show it at once; the live event refetches for everyone else.
      qc.setQueryData(chatQueries.thread(proposalId).queryKey, (data) => {
        if (!data) return data;
        const [first, ...rest] = data.pages;
        if (first.items.some((m) => m.id === message.id)) return data;
        return { ...data, pages: [{ ...first, items: [...first.items, message] }, ...rest] };
      });
    },
  });
}

/** POST …/messages/read: the thread is read up to this message; the Chat badge follows. */
export function useMarkThreadRead(proposalId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (lastMessageId: string) =>
      api.post<{ ok: true }>(`/proposals/${proposalId}/messages/read`, { lastMessageId }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: chatQueries.unread().queryKey }),
  });
}

/** The caller's unread messages per group and in all. */
export const useUnreadChat = () => useQuery(chatQueries.unread());
