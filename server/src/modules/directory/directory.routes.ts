import {
  studentSearchQuery,
  studentSearchResponse,
  supervisorListQuery,
  supervisorListResponse,
} from "@shared/schemas/directory";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { routesOf } from "../../lib/route";
import { requireUser } from "../../plugins/session";
import { findStudents, listSupervisorsOfCell } from "./directory.service";

const route = routesOf("directory", [400, 401, 403]);

export const directoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/supervisors",
    route("supervisors:read", {
      summary: "The supervisors assigned to a research cell, by name",
      querystring: supervisorListQuery,
      response: { 200: supervisorListResponse },
    }),
    async (request) => listSupervisorsOfCell(app.db, request.query.researchCellId),
  );

  app.get(
    "/students",
    route("students:search", {
      summary: "Other students by name or student ID (at most 20), for the group picker",
      querystring: studentSearchQuery,
      response: { 200: studentSearchResponse },
    }),
    async (request) => findStudents(app.db, requireUser(request), request.query.q),
  );
};
