import type { User } from "@shared/schemas/auth";
import { queryOptions } from "@tanstack/react-query";
import { ApiError, api } from "../api";

/** The signed-in user, or null when nobody is signed in; signing in or out sets it directly. */
export const sessionQueries = {
  me: () =>
    queryOptions({
      queryKey: ["me"] as const,
      queryFn: async (): Promise<User | null> => (await api.get<{ user: User | null }>("/auth/session")).user,
      staleTime: 60_000,
      retry: (count, e) => !(e instanceof ApiError && e.status < 500) && count < 2,
    }),
};
