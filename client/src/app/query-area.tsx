import { queryClient } from "@client/lib/query-client";
import { QueryClientProvider } from "@tanstack/react-query";
import { Outlet } from "react-router";

/**
 * Every page but `/` and `/login` reads through TanStack Query: this layout, loaded with the first
 * such page, gives them the page's one query cache (decision 0074).
 */
export default function QueryArea() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
