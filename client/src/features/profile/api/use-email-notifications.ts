import { api } from "@client/lib/api";
import { setMe } from "@client/lib/session";
import type { User } from "@shared/schemas/auth";
import { useMutation } from "@tanstack/react-query";

/** PATCH /api/me/notifications */
export function useEmailNotifications() {
  return useMutation({
    mutationFn: (emailNotifications: boolean) =>
      api.patch<{ user: User }>("/me/notifications", { emailNotifications }),
    onSuccess: ({ user }) => setMe(user),
  });
}
