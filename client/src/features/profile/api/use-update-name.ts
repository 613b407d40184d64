import { api } from "@client/lib/api";
import { setMe } from "@client/lib/session";
import type { User } from "@shared/schemas/auth";
import type { UpdateProfileInput } from "@shared/schemas/profile";
import { useMutation } from "@tanstack/react-query";

/** PATCH /api/me; the header shows the new name at once. */
export function useUpdateName() {
  return useMutation({
    mutationFn: (input: UpdateProfileInput) => api.patch<{ user: User }>("/me", input),
    onSuccess: ({ user }) => setMe(user),
  });
}
