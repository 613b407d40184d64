import { z } from "zod";
import { pingDatabase } from "../../db/client";
import { moduleRoutes } from "../../lib/module-routes";
import { routesOf } from "../../lib/route";

const healthResponse = z.object({ status: z.enum(["ok", "unavailable"]), database: z.enum(["up", "down"]) });

const route = routesOf("system", []);

export const healthRoutes = moduleRoutes(route, ({ app }) => {
  app.get(
    "/health",
    route("anyone", {
      summary: "Liveness and database reachability",
      response: { 200: healthResponse, 503: healthResponse },
    }),
    async (request, reply) => {
      try {
        await pingDatabase(app.db);
        return { status: "ok" as const, database: "up" as const };
      } catch (err) {
        request.log.warn({ err }, "health check: database down");
        return reply.status(503).send({ status: "unavailable" as const, database: "down" as const });
      }
    },
  );
});
