import type { Role } from "@shared/enums";
import { Navigate, type RouteObject, useRoutes } from "react-router";
import { LAYOUTS } from "./layouts/role-layout";
import { type Load, pages } from "./lazy-pages";

/** Each role's pages by their path under `/<role>/`. */
const PAGES: Record<Role, Record<string, Load>> = {
  student: {
    dashboard: () => import("./routes/student/dashboard"),
    proposal: () => import("./routes/student/proposal"),
    "proposal-status": () => import("./routes/student/proposal-status"),
    "proposals/:id": () => import("./routes/student/proposal-detail"),
    topics: () => import("./routes/student/topics"),
    "research-cell-info": () => import("./routes/student/research-cell-info"),
    notices: () => import("./routes/student/notices"),
    chat: () => import("./routes/student/chat"),
    theses: () => import("./routes/student/theses"),
    "theses/:id": () => import("./routes/student/thesis-detail"),
  },
  supervisor: {
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
    theses: () => import("./routes/supervisor/theses"),
    "theses/:id": () => import("./routes/supervisor/thesis-detail"),
  },
  committee: {
    dashboard: () => import("./routes/committee/dashboard"),
    proposals: () => import("./routes/committee/proposals"),
    approvals: () => import("./routes/committee/approvals"),
    activity: () => import("./routes/committee/activity"),
    terms: () => import("./routes/committee/terms"),
    allocation: () => import("./routes/committee/allocation"),
    "all-students": () => import("./routes/committee/all-students"),
    "all-teachers": () => import("./routes/committee/all-teachers"),
    "research-cells": () => import("./routes/committee/research-cells"),
    rooms: () => import("./routes/committee/rooms"),
    retention: () => import("./routes/committee/retention"),
    defenses: () => import("./routes/committee/defenses"),
    "cell-members": () => import("./routes/committee/cell-members"),
    "committee-members": () => import("./routes/committee/committee-members"),
    import: () => import("./routes/committee/import"),
    "proposals/:id": () => import("./routes/committee/proposal-detail"),
    theses: () => import("./routes/committee/theses"),
    "theses/:id": () => import("./routes/committee/thesis-detail"),
  },
};

/**
 * One role's area: the signed-in shell around the role's pages, its Profile and its own "not
 * found"; the area's address alone opens its dashboard. Built once (each page a React.lazy).
 */
const areaRoutes = (role: Role): RouteObject[] => {
  const Layout = LAYOUTS[role];
  return [
    {
      element: <Layout />,
      children: [
        { index: true, element: <Navigate to="dashboard" replace /> },
        ...pages({
          ...PAGES[role],
          profile: () => import("./routes/shared/profile"),
          archive: () => import("./routes/shared/archive"),
          "archive/:id": () => import("./routes/shared/archive-entry"),
          "*": () => import("./routes/public/not-found"),
        }),
      ],
    },
  ];
};

const AREAS: Record<Role, RouteObject[]> = {
  student: areaRoutes("student"),
  supervisor: areaRoutes("supervisor"),
  committee: areaRoutes("committee"),
};

/**
 * The routes under `/<role>/` (router.tsx's roleArea, behind RequireRole): loaded with the first
 * signed-in screen, so that the first visit carries neither them nor their files' list.
 */
export default function RoleArea({ role }: { role: Role }) {
  return useRoutes(AREAS[role]);
}
