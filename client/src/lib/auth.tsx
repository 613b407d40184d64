import { MSG } from "@shared/messages";
import type { LoginInput, RegisterInput, SetupInput, User } from "@shared/schemas/auth";
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { api, isApiError } from "./api";
import { notify } from "./notify";
import { sessionQueries } from "./queries/session";
import { noteSessionEnd } from "./session-end";

/** The signed-in user, or null when nobody is signed in. */
export function useMe() {
  return useQuery(sessionQueries.me());
}

/**
 * The user for screens inside a guarded layout, where someone is always signed in. A screen keeps
 * the user it was drawn for while it is being left: when someone signs out, or their session ends,
 * the router leaves the signed-in area in a transition, during which React may draw the old
 * screens once more; without a user they threw, and React reported it as an uncaught error
 * (minified #520, issue 30).
 */
export function useUser(): User {
  const { data } = useMe();
  const [drawnFor, keep] = useState(data);
  if (data && data !== drawnFor) keep(data);
  const user = data ?? drawnFor;
  if (!user) throw new Error("useUser() outside a signed-in area");
  return user;
}

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
    onSuccess: () => notify.success(MSG.loggedOut),
    onError: () => notify.error(MSG.logoutFailed),
  });
}

/**
 * A 401 from any API call while someone is signed in: the session ended while the page was open
 * (decision 0054). The person is signed out here; the guard of the signed-in screens then sends
 * them to /login with the reason and the page to come back to. A 401 while signed out (a wrong
 * password on the login form) is the form's own business.
 */
export function onUnauthenticated(qc: QueryClient, error: unknown) {
  if (!isApiError(error) || error.status !== 401) return;
  if (!qc.getQueryData(sessionQueries.me().queryKey)) return;
  noteSessionEnd(error.code === "SESSION_ENDED" ? "session-ended" : "signed-out");
  qc.setQueryData(sessionQueries.me().queryKey, null);
}
