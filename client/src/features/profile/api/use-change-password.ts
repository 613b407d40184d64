import { api } from "@client/lib/api";
import type { ChangePasswordInput } from "@shared/schemas/profile";
import { useMutation } from "@tanstack/react-query";

/** POST /api/me/password; the server renews this browser's session cookie and ends the others. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => api.post<{ ok: true }>("/me/password", input),
  });
}
