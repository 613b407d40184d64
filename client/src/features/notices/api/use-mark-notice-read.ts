import { api } from "@client/lib/api";
import { noticeQueries } from "@client/lib/queries/notices";
import type { Notice, NoticeList } from "@shared/schemas/notices";
import { useMutation, useQueryClient } from "@tanstack/react-query";

/** Opening a notice marks it read; the lists and the sidebar badge follow at once. */
export function useMarkNoticeRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<{ notice: Notice }>(`/notices/${id}/read`),
    onSuccess: ({ notice }) => {
      qc.setQueriesData<NoticeList>({ queryKey: noticeQueries.lists() }, (old) => {
        const before = old?.items.find((n) => n.id === notice.id);
        if (!old || !before) return old;
        const wasUnread = !before.readAt;
        return {
          ...old,
          items: old.items.map((n) => (n.id === notice.id ? { ...n, readAt: notice.readAt } : n)),
          unread: old.unread !== undefined && wasUnread ? Math.max(0, old.unread - 1) : old.unread,
        };
      });
      void qc.invalidateQueries({ queryKey: noticeQueries.all() });
    },
  });
}
