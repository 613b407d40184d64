import { ApiError } from "@client/lib/api";
import { onUnauthenticated } from "@client/lib/auth";
import { MantineProvider } from "@mantine/core";
import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";
import { LIMITS } from "@shared/limits";
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { cssVariablesResolver, theme } from "./theme";

export function createQueryClient() {
  // Any request that finds the session ended, a read or a change, signs the page out (decision 0054).
  const qc: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (e) => onUnauthenticated(qc, e) }),
    mutationCache: new MutationCache({ onError: (e) => onUnauthenticated(qc, e) }),
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        refetchOnWindowFocus: true,
        retry: (count, e) => !(e instanceof ApiError && e.status >= 400 && e.status < 500) && count < 2,
      },
    },
  });
  return qc;
}

export function Providers({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <ModalsProvider>
          {/* Bottom right: a toast covers neither the header's name and Logout nor a form's fields. */}
          <Notifications limit={LIMITS.notificationsMax} position="bottom-right" />
          {children}
        </ModalsProvider>
      </MantineProvider>
    </QueryClientProvider>
  );
}
