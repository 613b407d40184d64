import type { LoginInput, RegisterInput, SetupInput, User } from "@shared/schemas/auth";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { api } from "./api";
import { sessionQueries } from "./queries/session";

/** The signed-in user, or null when nobody is signed in. */
export function useMe() {
  return useQuery(sessionQueries.me());
}

/** The user for screens inside a guarded layout, where someone is always signed in. */
export function useUser(): User {
  const { data } = useMe();
  if (!data) throw new Error("useUser() outside a signed-in area");
  return data;
}

function useSignedIn<TInput>(fn: (input: TInput) => Promise<{ user: User }>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: ({ user }) => {
      // Another user's cached data must never show: start clean, then set who is here.
      qc.clear();
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
 * in: the signed-in screens need a user, and forgetting first showed the error page for a moment.
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
  });
}
