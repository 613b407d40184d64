import { MantineProvider } from "@mantine/core";
import { useNotifications } from "@mantine/notifications";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { cssVariablesResolver, theme } from "./theme";

/** Mantine and the toasts. The query cache is given by app/query-area.tsx (decision 0074). */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Toasts />
      {children}
    </MantineProvider>
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
