import { errorResponseSchema } from "@shared/schemas/common";
import { supervisorDashboardResponse } from "@shared/schemas/supervisor";
import { termQuery } from "@shared/schemas/terms";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { guard, requireUser } from "../../plugins/session";
import { supervisorDashboard } from "./supervisor.service";

export const supervisorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/supervisor/dashboard",
    {
      onRequest: guard("supervisor:dashboard"),
      schema: {
        tags: ["supervisor"],
        summary:
          "Counts of the supervisor's groups (their active proposals in the term: Thesis, Project, total, Pending, overdue) and the research cells assigned; the groups themselves come from GET /api/proposals?active=true",
        querystring: termQuery,
        response: {
          200: supervisorDashboardResponse,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (request) => supervisorDashboard(app.db, requireUser(request).id, request.query.termId, app.now()),
  );
};
