import { errorResponseSchema, idParams } from "@shared/schemas/common";
import {
  activityCsvQuery,
  activityPageResponse,
  activityQuery,
  timelineResponse,
} from "@shared/schemas/life";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { guard, requireUser } from "../../plugins/session";
import { sendCsv } from "../committee/csv";
import { activityExport, activityPage, proposalTimeline } from "./activity.service";

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

/** Proposals' timelines and the committee's activity log (DESIGN.md §9). */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/proposals/:id/timeline",
    {
      onRequest: guard("timeline:read"),
      schema: {
        tags: ["activity"],
        summary: "Everything that happened to a proposal, oldest first, to those who may see it",
        params: idParams,
        response: { 200: timelineResponse, ...errors },
      },
    },
    async (request) => ({ items: await proposalTimeline(app.db, requireUser(request), request.params.id) }),
  );

  app.get(
    "/activity",
    {
      onRequest: guard("activity:read"),
      schema: {
        tags: ["activity"],
        summary: "The activity log, newest first: by person (who did it or whom it concerns), kind and days",
        querystring: activityQuery,
        response: { 200: activityPageResponse, ...errors },
      },
    },
    async (request) => activityPage(app.db, request.query, app.config.timeZone),
  );

  app.get(
    "/activity.csv",
    {
      onRequest: guard("activity:read"),
      schema: {
        tags: ["activity"],
        summary: "The activity log as CSV, with the same filters; streamed",
        querystring: activityCsvQuery,
        response: errors,
      },
    },
    async (request, reply) => sendCsv(reply, activityExport(app.db, request.query, app.config.timeZone)),
  );
};
