import type { LoginInput, RegisterInput, SetupInput, User } from "@shared/schemas/auth";
import { SIGN_IN_MSG } from "@shared/sign-in-messages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { api } from "./api";
import { notify } from "./notify";
import { sessionQueries } from "./queries/session";
import { noteSessionEnd } from "./session-end";

/**
 * Signing in and out. Apart from lib/auth.tsx (who is signed in), which every page needs: the
 * landing page's first load carries neither these changes nor TanStack Query's mutations
 * (decision 0064).
 */

function useSignedIn<TInput>(fn: (input: TInput) => Promise<{ user: User }>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: ({ user }) => {
      // Another user's cached data must never show: start clean, then set who is here.
      qc.clear();
      noteSessionEnd(null);
      qc.setQueryData(sessionQueries.me().queryKey, user);
    },
  });
}

export const useLogin = () =>
  useSignedIn((input: LoginInput) => api.post<{ user: User }>("/auth/login", input));
export const useRegister = () =>
  useSignedIn((input: RegisterInput) => api.post<{ user: User }>("/auth/register", input));
export const useSetup = () => useSignedIn((input: SetupInput) => api.post<{ user: User }>("/setup", input));

/**
 * Signs out, leaves the signed-in area for the landing page, and only then forgets who was signed
 * in (forgetting first would send the guard to /login; the screens being left keep their user:
 * useUser). The toasts are the mutation's own, as the screen that asked may be gone by then.
 */
export function useLogout() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      await api.post<{ ok: true }>("/auth/logout");
      await navigate("/", { replace: true });
      qc.clear();
      qc.setQueryData(sessionQueries.me().queryKey, null);
    },
    onSuccess: () => notify.success(SIGN_IN_MSG.loggedOut),
    onError: () => notify.error(SIGN_IN_MSG.logoutFailed),
  });
}
