import { api } from "@client/lib/api";
import type { ForgotPasswordInput } from "@shared/schemas/accounts";
import { useMutation } from "@tanstack/react-query";

/** POST /api/auth/forgot-password: the same answer whether or not the account exists. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (input: ForgotPasswordInput) =>
      api.post<{ ok: true; message: string }>("/auth/forgot-password", input),
  });
}
