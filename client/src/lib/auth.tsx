import type { LoginInput, RegisterInput, SetupInput, User } from "@shared/schemas/auth";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, api } from "./api";

export const meKey = ["me"] as const;

/** The signed-in user, or null when nobody is signed in. */
export function useMe() {
  return useQuery({
    queryKey: meKey,
    queryFn: async (): Promise<User | null> => {
      try {
        return (await api.get<{ user: User }>("/me")).user;
      } catch (e) {
        if (e instanceof ApiError && e.status === 401) return null;
        throw e;
      }
    },
    staleTime: 60_000,
    retry: (count, e) => !(e instanceof ApiError && e.status < 500) && count < 2,
  });
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
      qc.setQueryData(meKey, user);
    },
  });
}

export const useLogin = () =>
  useSignedIn((input: LoginInput) => api.post<{ user: User }>("/auth/login", input));
export const useRegister = () =>
  useSignedIn((input: RegisterInput) => api.post<{ user: User }>("/auth/register", input));
export const useSetup = () => useSignedIn((input: SetupInput) => api.post<{ user: User }>("/setup", input));

export function useLogout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ ok: true }>("/auth/logout"),
    onSuccess: () => {
      qc.clear();
      qc.setQueryData(meKey, null);
    },
  });
}
