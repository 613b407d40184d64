import { supervisorDashboardResponse } from "@shared/schemas/supervisor";
import { termQuery } from "@shared/schemas/terms";
import { moduleRoutes } from "../../lib/module-routes";
import { routesOf } from "../../lib/route";
import { supervisorDashboard } from "./supervisor.service";

const route = routesOf("supervisor", []);

export const supervisorRoutes = moduleRoutes(route, ({ api }) => {
  api("GET", "/supervisor/dashboard", {
    access: "supervisor:dashboard",
    summary:
      "Counts of the supervisor's groups (their active proposals in the term: Thesis, Project, total, Pending, overdue) and the research cells assigned; the groups themselves come from GET /api/proposals?active=true",
    querystring: termQuery,
    response: supervisorDashboardResponse,
    errors: [400, 401, 403],
    run: (c, { query }) => supervisorDashboard(c.db, c.by.id, query.termId, c.now),
  });
});
