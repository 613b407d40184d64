import { errorResponseSchema } from "@shared/schemas/common";
import {
  studentSearchQuery,
  studentSearchResponse,
  supervisorListQuery,
  supervisorListResponse,
} from "@shared/schemas/directory";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { guard, requireUser } from "../../plugins/session";
import { findStudents, listSupervisorsOfCell } from "./directory.service";

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

export const directoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/supervisors",
    {
      onRequest: guard("supervisors:read"),
      schema: {
        tags: ["directory"],
        summary: "The supervisors assigned to a research cell, by name",
        querystring: supervisorListQuery,
        response: { 200: supervisorListResponse, ...errors },
      },
    },
    async (request) => listSupervisorsOfCell(app.db, request.query.researchCellId),
  );

  app.get(
    "/students",
    {
      onRequest: guard("students:search"),
      schema: {
        tags: ["directory"],
        summary: "Other students by name or student ID (at most 20), for the group picker",
        querystring: studentSearchQuery,
        response: { 200: studentSearchResponse, ...errors },
      },
    },
    async (request) => findStudents(app.db, requireUser(request), request.query.q),
  );
};
