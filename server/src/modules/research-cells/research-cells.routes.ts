import { cellInputSchema, cellListQuery, cellListResponse, cellResponse } from "@shared/schemas/cells";
import { idParams } from "@shared/schemas/common";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { recordRoutes } from "../../lib/record-route";
import { contextOf } from "../../lib/request-context";
import { routesOf } from "../../lib/route";
import { createCell, getCell, listCells, updateCell } from "./research-cells.service";

const route = routesOf("research cells", [400, 401, 403, 404, 409]);

export const researchCellRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/research-cells",
    route("cells:read", {
      summary:
        "All research cells with their supervisor and proposal counts; ?include=supervisors adds the supervisors",
      querystring: cellListQuery,
      response: { 200: cellListResponse },
    }),
    async (request) => ({ items: await listCells(app.db, request.query.include) }),
  );

  app.get(
    "/research-cells/:id",
    route("cells:read", {
      summary: "One research cell with its supervisors",
      params: idParams,
      response: { 200: cellResponse },
    }),
    async (request) => ({ cell: await getCell(app.db, request.params.id) }),
  );

  app.post(
    "/research-cells",
    route("cells:manage", {
      summary: "Add a research cell (title unique in any case)",
      body: cellInputSchema,
      response: { 201: cellResponse },
    }),
    async (request, reply) =>
      reply.status(201).send({ cell: await createCell(contextOf(request), request.body) }),
  );

  recordRoutes(app, route, { key: "cell", response: cellResponse, params: idParams })(
    "PATCH",
    "/research-cells/:id",
    {
      access: "cells:manage",
      summary: "Change a research cell's title and description",
      body: cellInputSchema,
      run: updateCell,
    },
  );
};
