import { api } from "@client/lib/api";
import type { ChatMessage, ChatPage } from "@shared/schemas/chat";
import { type InfiniteData, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";

export const chatKey = (proposalId: string) => ["chat", proposalId] as const;

/** Pages of a thread: the first page is the newest; each next page is older. */
export function useChatMessages(proposalId: string) {
  return useInfiniteQuery({
    queryKey: chatKey(proposalId),
    queryFn: ({ pageParam }) =>
      api.get<ChatPage>(`/proposals/${proposalId}/messages`, { before: pageParam, limit: 30 }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.items[0]?.id : undefined),
    staleTime: 30_000,
  });
}

export function useSendMessage(proposalId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      api.post<{ message: ChatMessage }>(`/proposals/${proposalId}/messages`, { body }),
    onSuccess: ({ message }) => {
      // Show it at once; the live event refetches for everyone else.
      qc.setQueryData<InfiniteData<ChatPage, string | undefined>>(chatKey(proposalId), (data) => {
        if (!data) return data;
        const [first, ...rest] = data.pages;
        if (first.items.some((m) => m.id === message.id)) return data;
        return { ...data, pages: [{ ...first, items: [...first.items, message] }, ...rest] };
      });
    },
  });
}
