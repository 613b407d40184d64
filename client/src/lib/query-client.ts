import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api";
import { onUnauthenticated } from "./auth";

export function createQueryClient() {
  // Any request that finds the session ended, a read or a change, signs the page out (decision 0054).
  return new QueryClient({
    queryCache: new QueryCache({ onError: onUnauthenticated }),
    mutationCache: new MutationCache({ onError: onUnauthenticated }),
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        refetchOnWindowFocus: true,
        retry: (count, e) => !(e instanceof ApiError && e.status >= 400 && e.status < 500) && count < 2,
      },
    },
  });
}

/**
 * The page's one query cache. This module, and TanStack Query with it, loads with the first page
 * that reads through it, not with the first visit of `/` or `/login` (decision 0074).
 */
export const queryClient = createQueryClient();
