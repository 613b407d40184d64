import { AuthGate, RequireRole, SignedOutOnly } from "@client/components/guards";
import { PageLoader } from "@client/components/page-loader";
import type { Role } from "@shared/enums";
import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { PublicLayout } from "./layouts/public-layout";
import { RouteError } from "./routes/route-error";

/** Each page is its own chunk: a role's screens load only when someone of that role opens them. */
const page = (load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, "lazy"> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

/** The signed-in shell (AppShell, sidebar, live events) is itself loaded only when someone signs in. */
const roleLayout = (area: Role): Pick<RouteObject, "lazy"> => ({
  lazy: async () => ({ Component: (await import("./layouts/role-layout")).LAYOUTS[area] }),
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
          { path: "about", ...page(() => import("./routes/public/about")) },
          { path: "features", ...page(() => import("./routes/public/features")) },
          { path: "support", ...page(() => import("./routes/public/support")) },
          { path: "contact", ...page(() => import("./routes/public/contact")) },
          { path: "privacy", ...page(() => import("./routes/public/privacy")) },
          { path: "terms", ...page(() => import("./routes/public/terms")) },
          { path: "cookies", ...page(() => import("./routes/public/cookies")) },
          {
            element: <SignedOutOnly />,
            children: [
              { path: "login", ...page(() => import("./routes/auth/login")) },
              { path: "register", ...page(() => import("./routes/auth/register")) },
              { path: "setup", ...page(() => import("./routes/auth/setup")) },
              { path: "forgot-password", ...page(() => import("./routes/auth/forgot-password")) },
            ],
          },
          // A password link works whoever is signed in on this browser: it is about its own account.
          { path: "reset-password", ...page(() => import("./routes/auth/reset-password")) },
          { path: "*", ...page(() => import("./routes/public/not-found")) },
        ],
      },
      {
        path: "student",
        element: <RequireRole area="student" />,
        children: [
          {
            ...roleLayout("student"),
            children: [
              { index: true, element: <Navigate to="dashboard" replace /> },
              { path: "dashboard", ...page(() => import("./routes/student/dashboard")) },
              { path: "proposal", ...page(() => import("./routes/student/proposal")) },
              { path: "proposal-status", ...page(() => import("./routes/student/proposal-status")) },
              { path: "proposals/:id", ...page(() => import("./routes/student/proposal-detail")) },
              { path: "topics", ...page(() => import("./routes/student/topics")) },
              { path: "research-cell-info", ...page(() => import("./routes/student/research-cell-info")) },
              { path: "notices", ...page(() => import("./routes/student/notices")) },
              { path: "chat", ...page(() => import("./routes/student/chat")) },
              { path: "profile", ...page(() => import("./routes/shared/profile")) },
              { path: "*", ...page(() => import("./routes/public/not-found")) },
            ],
          },
        ],
      },
      {
        path: "supervisor",
        element: <RequireRole area="supervisor" />,
        children: [
          {
            ...roleLayout("supervisor"),
            children: [
              { index: true, element: <Navigate to="dashboard" replace /> },
              { path: "dashboard", ...page(() => import("./routes/supervisor/dashboard")) },
              { path: "requests", ...page(() => import("./routes/supervisor/requests")) },
              { path: "pending-proposals", ...page(() => import("./routes/supervisor/requests")) },
              { path: "notice", ...page(() => import("./routes/supervisor/notice")) },
              { path: "history", ...page(() => import("./routes/supervisor/history")) },
              { path: "topics", ...page(() => import("./routes/supervisor/topics")) },
              { path: "applicants", ...page(() => import("./routes/supervisor/applicants")) },
              { path: "proposals/:id", ...page(() => import("./routes/supervisor/proposal-detail")) },
              { path: "chat", ...page(() => import("./routes/supervisor/chat")) },
              { path: "profile", ...page(() => import("./routes/shared/profile")) },
              { path: "*", ...page(() => import("./routes/public/not-found")) },
            ],
          },
        ],
      },
      {
        path: "committee",
        element: <RequireRole area="committee" />,
        children: [
          {
            ...roleLayout("committee"),
            children: [
              { index: true, element: <Navigate to="dashboard" replace /> },
              { path: "dashboard", ...page(() => import("./routes/committee/dashboard")) },
              { path: "proposals", ...page(() => import("./routes/committee/proposals")) },
              { path: "approvals", ...page(() => import("./routes/committee/approvals")) },
              { path: "activity", ...page(() => import("./routes/committee/activity")) },
              { path: "terms", ...page(() => import("./routes/committee/terms")) },
              { path: "allocation", ...page(() => import("./routes/committee/allocation")) },
              { path: "all-students", ...page(() => import("./routes/committee/all-students")) },
              { path: "all-teachers", ...page(() => import("./routes/committee/all-teachers")) },
              { path: "research-cells", ...page(() => import("./routes/committee/research-cells")) },
              { path: "cell-members", ...page(() => import("./routes/committee/cell-members")) },
              { path: "committee-members", ...page(() => import("./routes/committee/committee-members")) },
              { path: "import", ...page(() => import("./routes/committee/import")) },
              { path: "proposals/:id", ...page(() => import("./routes/committee/proposal-detail")) },
              { path: "profile", ...page(() => import("./routes/shared/profile")) },
              { path: "*", ...page(() => import("./routes/public/not-found")) },
            ],
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
