import { AuthGate, RequireRole, SignedOutOnly } from "@client/components/guards";
import { PageLoader } from "@client/components/page-loader";
import type { Role } from "@shared/enums";
import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { PublicLayout } from "./layouts/public-layout";
import { RouteError } from "./routes/route-error";

type Load = () => Promise<{ default: React.ComponentType }>;

/** Each page is its own chunk: a role's screens load only when someone of that role opens them. */
const page = (load: Load): Pick<RouteObject, "lazy"> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

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
      lazy: async () => ({ Component: (await import("./layouts/role-layout")).LAYOUTS[role] }),
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
    errorElement: <RouteError />,
    // While the first page's code loads; the HTML's own shell (client/index.html) shows until then.
    hydrateFallbackElement: <PageLoader />,
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

export const router = createBrowserRouter(routes);
