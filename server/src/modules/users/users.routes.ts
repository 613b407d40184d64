import { MSG } from "@shared/messages";
import { errorResponseSchema, idParams } from "@shared/schemas/common";
import {
  assignCellResponse,
  assignCellSchema,
  createUserSchema,
  personResponse,
  userCellParams,
  userListQuery,
  userListResponse,
} from "@shared/schemas/users";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actedBy, guard, requireUser } from "../../plugins/session";
import { addPerson, assignCell, listPeople, unassignCell } from "./users.service";

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/users",
    {
      onRequest: guard("users:read"),
      schema: {
        tags: ["users"],
        summary: "A page of the people of a role, searched by name, email or student ID and sorted",
        querystring: userListQuery,
        response: { 200: userListResponse, ...errors },
      },
    },
    async (request) => listPeople(app.db, request.query),
  );

  app.post(
    "/users",
    {
      onRequest: guard("users:create"),
      schema: {
        tags: ["users"],
        summary: "Add a teacher (supervisor, no cells) or a committee member",
        body: createUserSchema,
        response: { 201: personResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        user: await addPerson(app.db, request.body, {
          publicUrl: app.config.publicUrl,
          by: requireUser(request).name,
          actedBy: actedBy(app, request),
        }),
      }),
  );

  app.post(
    "/users/:id/research-cells",
    {
      onRequest: guard("users:assign-cells"),
      schema: {
        tags: ["users"],
        summary: "Assign a teacher to a research cell",
        params: idParams,
        body: assignCellSchema,
        response: { 201: assignCellResponse, ...errors },
      },
    },
    async (request, reply) => {
      await assignCell(app.db, request.params.id, request.body.researchCellId, actedBy(app, request));
      return reply.status(201).send({ ok: true as const, message: MSG.cellAssigned });
    },
  );

  app.delete(
    "/users/:id/research-cells/:cellId",
    {
      onRequest: guard("users:assign-cells"),
      schema: {
        tags: ["users"],
        summary: "Remove a teacher from a research cell (refused while they have Pending proposals there)",
        params: userCellParams,
        response: { 200: assignCellResponse, ...errors },
      },
    },
    async (request) => {
      await unassignCell(app.db, request.params.id, request.params.cellId, actedBy(app, request));
      return { ok: true as const, message: MSG.teacherRemovedFromCell };
    },
  );
};
