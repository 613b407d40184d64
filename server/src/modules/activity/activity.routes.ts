import { idParams } from "@shared/schemas/common";
import {
  activityCsvQuery,
  activityPageResponse,
  activityQuery,
  timelineResponse,
} from "@shared/schemas/life";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { routesOf } from "../../lib/route";
import { requireUser } from "../../plugins/session";
import { sendCsv } from "../committee/csv";
import { activityExport, activityPage, proposalTimeline } from "./activity.service";

const route = routesOf("activity", [400, 401, 403, 404]);

/** Proposals' timelines and the committee's activity log (DESIGN.md §9). */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/proposals/:id/timeline",
    route("timeline:read", {
      summary: "Everything that happened to a proposal, oldest first, to those who may see it",
      params: idParams,
      response: { 200: timelineResponse },
    }),
    async (request) => ({ items: await proposalTimeline(app.db, requireUser(request), request.params.id) }),
  );

  app.get(
    "/activity",
    route("activity:read", {
      summary: "The activity log, newest first: by person (who did it or whom it concerns), kind and days",
      querystring: activityQuery,
      response: { 200: activityPageResponse },
    }),
    async (request) => activityPage(app.db, request.query, app.config.timeZone),
  );

  app.get(
    "/activity.csv",
    route("activity:read", {
      summary: "The activity log as CSV, with the same filters; streamed",
      querystring: activityCsvQuery,
    }),
    async (request, reply) => sendCsv(reply, activityExport(app.db, request.query, app.config.timeZone)),
  );
};
