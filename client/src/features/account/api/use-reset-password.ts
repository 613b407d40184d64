import { api } from "@client/lib/api";
import { useSignedIn } from "@client/lib/sign-in";
import type { ResetPasswordInput } from "@shared/schemas/accounts";
import type { User } from "@shared/schemas/auth";

/** POST /api/auth/reset-password: sets the password and signs the person in. */
export const useResetPassword = () =>
  useSignedIn((input: ResetPasswordInput) => api.post<{ user: User }>("/auth/reset-password", input));
