import { supervisorDashboardResponse } from "@shared/schemas/supervisor";
import { termQuery } from "@shared/schemas/terms";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { routesOf } from "../../lib/route";
import { requireUser } from "../../plugins/session";
import { supervisorDashboard } from "./supervisor.service";

const route = routesOf("supervisor", []);

export const supervisorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/supervisor/dashboard",
    route("supervisor:dashboard", {
      summary:
        "Counts of the supervisor's groups (their active proposals in the term: Thesis, Project, total, Pending, overdue) and the research cells assigned; the groups themselves come from GET /api/proposals?active=true",
      querystring: termQuery,
      response: { 200: supervisorDashboardResponse },
      errors: [400, 401, 403],
    }),
    async (request) => supervisorDashboard(app.db, requireUser(request).id, request.query.termId, app.now()),
  );
};
