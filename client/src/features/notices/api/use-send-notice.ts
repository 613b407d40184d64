import { api } from "@client/lib/api";
import { noticeQueries } from "@client/lib/queries/notices";
import type { Notice, SendNoticeInput } from "@shared/schemas/notices";
import { useMutation, useQueryClient } from "@tanstack/react-query";

export function useSendNotice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SendNoticeInput) => api.post<{ notice: Notice }>("/notices", input),
    onSuccess: () => void qc.invalidateQueries({ queryKey: noticeQueries.all() }),
  });
}
