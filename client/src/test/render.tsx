import { Providers } from "@client/app/providers";
import { createQueryClient } from "@client/lib/query-client";
import { setMe } from "@client/lib/session";
import { makeUser } from "@client/test/factories";
import { ModalsProvider } from "@mantine/modals";
import type { User } from "@shared/schemas/auth";
import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { createMemoryRouter, parsePath, RouterProvider } from "react-router";

/** The signed-in user of a rendered screen (test/factories.ts). */
export const testUser = makeUser;

/**
 * Renders a screen with the app's providers, a signed-in user and a memory router.
 * Network calls go through `fetch`; tests stub it (vi.stubGlobal) per case.
 */
export function renderScreen(
  ui: ReactElement,
  {
    user = testUser(),
    path = "/",
    route = "*",
    state,
  }: {
    user?: User | null;
    path?: string;
    /** The history entry's state (what a link passed along), if any. */
    state?: unknown;
    /** The route's pattern, for a page that reads its params ("/supervisor/proposals/:id"). */
    route?: string;
  } = {},
) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } });
  setMe(user);
  const router = createMemoryRouter(
    [{ path: route, element: ui }, ...(route === "*" ? [] : [{ path: "*", element: null }])],
    { initialEntries: [state === undefined ? path : { ...parsePath(path), state }] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <Providers>
        {/* As the signed-in shell has it (layouts/role-layout.tsx): screens open confirmations. */}
        <ModalsProvider>
          <RouterProvider router={router} />
        </ModalsProvider>
      </Providers>
    </QueryClientProvider>,
  );
  return { ...result, queryClient, router };
}

/** A fetch stub answering by method and path; unknown calls fail the test loudly. */
export function fakeApi(
  routes: Record<string, (body: unknown, url: URL) => { status?: number; body: unknown }>,
) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchStub = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const method = (init?.method ?? "GET").toUpperCase();
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : init?.body;
    calls.push({ method, path: url.pathname, body });
    const handler = routes[`${method} ${url.pathname}`];
    if (!handler) throw new Error(`unexpected call: ${method} ${url.pathname}`);
    const res = handler(body, url);
    return new Response(JSON.stringify(res.body), {
      status: res.status ?? 200,
      headers: { "content-type": "application/json" },
    });
  };
  return { fetch: fetchStub, calls };
}
