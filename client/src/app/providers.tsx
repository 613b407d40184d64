import { ApiError } from "@client/lib/api";
import { onUnauthenticated } from "@client/lib/auth";
import { MantineProvider } from "@mantine/core";
import { useNotifications } from "@mantine/notifications";
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useState } from "react";
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
        <Toasts />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}

const ToastList = lazy(() => import("./toasts"));

/**
 * Where toasts (lib/notify) show. The toasts' code loads with the first toast, not with the first
 * page (decision 0061); a toast shown meanwhile waits in Mantine's store and appears with it.
 */
function Toasts() {
  const [needed, setNeeded] = useState(false);
  const { notifications, queue } = useNotifications();
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastList />
    </Suspense>
  );
}
