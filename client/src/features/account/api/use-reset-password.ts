import { api } from "@client/lib/api";
import { sessionQueries } from "@client/lib/queries/session";
import type { ResetPasswordInput } from "@shared/schemas/accounts";
import type { User } from "@shared/schemas/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";

/** POST /api/auth/reset-password: sets the password and signs the person in. */
export function useResetPassword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ResetPasswordInput) => api.post<{ user: User }>("/auth/reset-password", input),
    onSuccess: ({ user }) => {
      qc.clear();
      qc.setQueryData(sessionQueries.me().queryKey, user);
    },
  });
}
