import type { AuthOptions } from "@shared/schemas/accounts";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../api";

/** GET /api/auth/options: single sign-on (when set up) and the email domains accepted. */
export const authOptionsQuery = () =>
  queryOptions({
    queryKey: ["auth-options"] as const,
    queryFn: () => api.get<AuthOptions>("/auth/options"),
    staleTime: 10 * 60_000,
  });
