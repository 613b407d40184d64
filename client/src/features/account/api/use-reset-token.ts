import { api } from "@client/lib/api";
import { useQuery } from "@tanstack/react-query";

/**
 * GET /api/auth/reset-password?token=: whether the link's token still works, asked when its page
 * opens (issue 30), so a used or expired link says so before the form is filled in. Nothing is
 * asked without a token; a failure to ask (too many checks, no network) leaves the form as it was,
 * and the reset itself still says what is wrong.
 */
export function useResetTokenCheck(token: string) {
  return useQuery({
    queryKey: ["reset-token", token] as const,
    queryFn: () => api.get<{ valid: boolean }>("/auth/reset-password", { token }),
    enabled: token !== "",
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}
