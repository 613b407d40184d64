import { api } from "@client/lib/api";
import { sessionQueries } from "@client/lib/queries/session";
import type { User } from "@shared/schemas/auth";
import type { UpdateProfileInput } from "@shared/schemas/profile";
import { useMutation, useQueryClient } from "@tanstack/react-query";

/** PATCH /api/me; the header shows the new name at once. */
export function useUpdateName() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateProfileInput) => api.patch<{ user: User }>("/me", input),
    onSuccess: ({ user }) => qc.setQueryData(sessionQueries.me().queryKey, user),
  });
}
