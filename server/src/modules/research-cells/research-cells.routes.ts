import { cellInputSchema, cellListQuery, cellListResponse, cellResponse } from "@shared/schemas/cells";
import { errorResponseSchema, idParams } from "@shared/schemas/common";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actedBy, guard } from "../../plugins/session";
import { createCell, getCell, listCells, updateCell } from "./research-cells.service";

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

export const researchCellRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/research-cells",
    {
      onRequest: guard("cells:read"),
      schema: {
        tags: ["research cells"],
        summary:
          "All research cells with their supervisor and proposal counts; ?include=supervisors adds the supervisors",
        querystring: cellListQuery,
        response: { 200: cellListResponse, ...errors },
      },
    },
    async (request) => ({ items: await listCells(app.db, request.query.include) }),
  );

  app.get(
    "/research-cells/:id",
    {
      onRequest: guard("cells:read"),
      schema: {
        tags: ["research cells"],
        summary: "One research cell with its supervisors",
        params: idParams,
        response: { 200: cellResponse, ...errors },
      },
    },
    async (request) => ({ cell: await getCell(app.db, request.params.id) }),
  );

  app.post(
    "/research-cells",
    {
      onRequest: guard("cells:manage"),
      schema: {
        tags: ["research cells"],
        summary: "Add a research cell (title unique in any case)",
        body: cellInputSchema,
        response: { 201: cellResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ cell: await createCell(app.db, request.body, actedBy(app, request)) }),
  );

  app.patch(
    "/research-cells/:id",
    {
      onRequest: guard("cells:manage"),
      schema: {
        tags: ["research cells"],
        summary: "Change a research cell's title and description",
        params: idParams,
        body: cellInputSchema,
        response: { 200: cellResponse, ...errors },
      },
    },
    async (request) => ({
      cell: await updateCell(app.db, request.params.id, request.body, actedBy(app, request)),
    }),
  );
};
