import { committeeDashboardResponse, proposalExportQuery, userExportQuery } from "@shared/schemas/committee";
import { errorResponseSchema } from "@shared/schemas/common";
import { termQuery } from "@shared/schemas/terms";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { guard } from "../../plugins/session";
import { committeeDashboard, peopleExport, proposalsExport } from "./committee.service";
import { sendCsv } from "./csv";

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

export const committeeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/committee/dashboard",
    {
      onRequest: guard("committee:dashboard"),
      schema: {
        tags: ["committee"],
        summary: "People, cells and the term's proposals counted for the committee's dashboard",
        querystring: termQuery,
        response: { 200: committeeDashboardResponse, ...errors },
      },
    },
    async (request) => committeeDashboard(app.db, request.query.termId, app.now()),
  );

  app.get(
    "/exports/users.csv",
    {
      onRequest: guard("exports:read"),
      schema: {
        tags: ["committee"],
        summary: "The people of a role as CSV, with the list's search; streamed",
        querystring: userExportQuery,
        response: errors,
      },
    },
    async (request, reply) => sendCsv(reply, peopleExport(app.db, request.query.role, request.query.q)),
  );

  app.get(
    "/exports/proposals.csv",
    {
      onRequest: guard("exports:read"),
      schema: {
        tags: ["committee"],
        summary: "All proposals as CSV, optionally by status and type; streamed",
        querystring: proposalExportQuery,
        response: errors,
      },
    },
    async (request, reply) => sendCsv(reply, proposalsExport(app.db, request.query)),
  );
};
