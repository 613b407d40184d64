import type { SessionAnswer, User } from "@shared/schemas/auth";
import { queryOptions } from "@tanstack/react-query";
import { ApiError, api } from "../api";
import { noteSessionEnd } from "../session-end";

/**
 * The signed-in user, or null when nobody is signed in; signing in or out sets it directly. When
 * the server says this browser's session has ended, the guard's way to /login says so too.
 */
export const sessionQueries = {
  me: () =>
    queryOptions({
      queryKey: ["me"] as const,
      queryFn: async (): Promise<User | null> => {
        const { user, sessionEnded } = await api.get<SessionAnswer>("/auth/session");
        if (!user && sessionEnded) noteSessionEnd("session-ended");
        return user;
      },
      staleTime: 60_000,
      retry: (count, e) => !(e instanceof ApiError && e.status < 500) && count < 2,
    }),
};
