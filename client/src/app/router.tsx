import { AuthGate, RequireRole, SignedOutOnly } from "@client/components/guards";
import { PageLoader } from "@client/components/page-loader";
import type { Role } from "@shared/enums";
import { lazy, Suspense } from "react";
import { type RouteObject, useLocation, useRoutes } from "react-router";
import { PublicLayout } from "./layouts/public-layout";
import { page, pages } from "./lazy-pages";
import { RouteErrorBoundary } from "./routes/route-error";

const RoleArea = lazy(() => import("./role-routes"));
/** The query cache, with TanStack Query, for every page but the first visit's (decision 0074). */
const QueryArea = lazy(() => import("./query-area"));

/**
 * One role's area, `/<role>/…`: only for that role. Its route table, with the signed-in shell
 * (AppShell, sidebar, live events) and the role's pages, is itself loaded only when someone of
 * that role opens it (role-routes.tsx): the first visit carries neither the shell nor the list of
 * every page's files (decision 0064).
 */
const roleArea = (role: Role): RouteObject => ({
  path: role,
  element: <RequireRole area={role} />,
  children: [{ path: "*", element: <RoleArea role={role} /> }],
});

export const routes: RouteObject[] = [
  {
    element: <AuthGate />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, ...page(() => import("./routes/public/landing")) },
          ...pages({
            about: () => import("./routes/public/about"),
            features: () => import("./routes/public/features"),
            support: () => import("./routes/public/support"),
            contact: () => import("./routes/public/contact"),
            privacy: () => import("./routes/public/privacy"),
            terms: () => import("./routes/public/terms"),
            cookies: () => import("./routes/public/cookies"),
          }),
          { element: <SignedOutOnly />, children: pages({ login: () => import("./routes/auth/login") }) },
          {
            element: <QueryArea />,
            children: [
              {
                element: <SignedOutOnly />,
                children: pages({
                  register: () => import("./routes/auth/register"),
                  setup: () => import("./routes/auth/setup"),
                  "forgot-password": () => import("./routes/auth/forgot-password"),
                }),
              },
              // A password link works whoever is signed in on this browser: it is about its own account.
              ...pages({ "reset-password": () => import("./routes/auth/reset-password") }),
              // The archive (DESIGN.md §19): anyone, signed in or not; its data through the query cache.
              ...pages({
                archive: () => import("./routes/public/archive"),
                "archive/:id": () => import("./routes/public/archive-entry"),
              }),
            ],
          },
          ...pages({ "*": () => import("./routes/public/not-found") }),
        ],
      },
      {
        element: <QueryArea />,
        children: [roleArea("student"), roleArea("supervisor"), roleArea("committee")],
      },
    ],
  },
];

/**
 * The app's routes (declarative mode of React Router: the data router's loaders and actions are
 * not used, and its code is not sent). A page that fails shows RouteError; while a layout's code
 * loads, the PageLoader (the HTML's own shell in client/index.html shows until the first render).
 */
export function AppRoutes() {
  const element = useRoutes(routes);
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary pathname={pathname}>
      <Suspense fallback={<PageLoader />}>{element}</Suspense>
    </RouteErrorBoundary>
  );
}
