import { api } from "@client/lib/api";
import { sessionQueries } from "@client/lib/queries/session";
import type { User } from "@shared/schemas/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";

/** PATCH /api/me/notifications */
export function useEmailNotifications() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (emailNotifications: boolean) =>
      api.patch<{ user: User }>("/me/notifications", { emailNotifications }),
    onSuccess: ({ user }) => qc.setQueryData(sessionQueries.me().queryKey, user),
  });
}
