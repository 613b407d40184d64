import { AuthGate, RequireRole, SignedOutOnly } from "@client/components/guards";
import { PageLoader } from "@client/components/page-loader";
import type { Role } from "@shared/enums";
import { type ComponentType, lazy, Suspense } from "react";
import { Navigate, type RouteObject, useLocation, useRoutes } from "react-router";
import { PublicLayout } from "./layouts/public-layout";
import { RouteErrorBoundary } from "./routes/route-error";

type Load = () => Promise<{ default: ComponentType }>;

/**
 * Each page is its own chunk (React.lazy): a role's screens load only when someone of that role
 * opens them, and the first visit carries no signed-in screen (decision 0061).
 */
const page = (load: Load): Pick<RouteObject, "element"> => {
  const Page = lazy(load);
  return { element: <Page /> };
};

/** Pages by their path. */
const pages = (byPath: Record<string, Load>): RouteObject[] =>
  Object.entries(byPath).map(([path, load]) => ({ path, ...page(load) }));

/**
 * One role's area, `/<role>/…`: only for that role; the signed-in shell (AppShell, sidebar, live
 * events), itself loaded only when someone signs in, around the role's pages, its Profile and
 * its own "not found"; the area's address alone opens its dashboard.
 */
const roleArea = (role: Role, byPath: Record<string, Load>): RouteObject => ({
  path: role,
  element: <RequireRole area={role} />,
  children: [
    {
      ...page(async () => ({ default: (await import("./layouts/role-layout")).LAYOUTS[role] })),
      children: [
        { index: true, element: <Navigate to="dashboard" replace /> },
        ...pages({
          ...byPath,
          profile: () => import("./routes/shared/profile"),
          "*": () => import("./routes/public/not-found"),
        }),
      ],
    },
  ],
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
          {
            element: <SignedOutOnly />,
            children: pages({
              login: () => import("./routes/auth/login"),
              register: () => import("./routes/auth/register"),
              setup: () => import("./routes/auth/setup"),
              "forgot-password": () => import("./routes/auth/forgot-password"),
            }),
          },
          // A password link works whoever is signed in on this browser: it is about its own account.
          ...pages({
            "reset-password": () => import("./routes/auth/reset-password"),
            "*": () => import("./routes/public/not-found"),
          }),
        ],
      },
      roleArea("student", {
        dashboard: () => import("./routes/student/dashboard"),
        proposal: () => import("./routes/student/proposal"),
        "proposal-status": () => import("./routes/student/proposal-status"),
        "proposals/:id": () => import("./routes/student/proposal-detail"),
        topics: () => import("./routes/student/topics"),
        "research-cell-info": () => import("./routes/student/research-cell-info"),
        notices: () => import("./routes/student/notices"),
        chat: () => import("./routes/student/chat"),
      }),
      roleArea("supervisor", {
        dashboard: () => import("./routes/supervisor/dashboard"),
        requests: () => import("./routes/supervisor/requests"),
        groups: () => import("./routes/supervisor/groups"),
        "pending-proposals": () => import("./routes/supervisor/requests"),
        notice: () => import("./routes/supervisor/notice"),
        history: () => import("./routes/supervisor/history"),
        topics: () => import("./routes/supervisor/topics"),
        applicants: () => import("./routes/supervisor/applicants"),
        "proposals/:id": () => import("./routes/supervisor/proposal-detail"),
        chat: () => import("./routes/supervisor/chat"),
      }),
      roleArea("committee", {
        dashboard: () => import("./routes/committee/dashboard"),
        proposals: () => import("./routes/committee/proposals"),
        approvals: () => import("./routes/committee/approvals"),
        activity: () => import("./routes/committee/activity"),
        terms: () => import("./routes/committee/terms"),
        allocation: () => import("./routes/committee/allocation"),
        "all-students": () => import("./routes/committee/all-students"),
        "all-teachers": () => import("./routes/committee/all-teachers"),
        "research-cells": () => import("./routes/committee/research-cells"),
        "cell-members": () => import("./routes/committee/cell-members"),
        "committee-members": () => import("./routes/committee/committee-members"),
        import: () => import("./routes/committee/import"),
        "proposals/:id": () => import("./routes/committee/proposal-detail"),
      }),
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
