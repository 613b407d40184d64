import { api } from "@client/lib/api";
import type { Notice, SendNoticeInput } from "@shared/schemas/notices";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { noticesKey } from "./use-notices";

export function useSendNotice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SendNoticeInput) => api.post<{ notice: Notice }>("/notices", input),
    onSuccess: () => void qc.invalidateQueries({ queryKey: noticesKey }),
  });
}
