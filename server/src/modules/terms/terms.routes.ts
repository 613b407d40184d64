import { errorResponseSchema, idParams, okResponse } from "@shared/schemas/common";
import {
  capacityInputSchema,
  termInputSchema,
  termListResponse,
  termLoadResponse,
  termPatchSchema,
  termResponse,
  termSupervisorParams,
} from "@shared/schemas/terms";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actedBy, guard } from "../../plugins/session";
import {
  clearCapacity,
  createTerm,
  listTerms,
  patchTerm,
  removeTerm,
  setCapacity,
  setCurrentTerm,
  termLoad,
} from "./terms.service";

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/** Terms, their windows and limits, and supervisors' places (DESIGN.md §8, §15). */
export const termRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/terms",
    {
      onRequest: guard("terms:read"),
      schema: {
        tags: ["terms"],
        summary: "Every term, newest first, the current one marked; and the department's time zone",
        response: { 200: termListResponse, ...errors },
      },
    },
    async () => ({ items: await listTerms(app.db), timeZone: app.config.timeZone }),
  );

  app.post(
    "/terms",
    {
      onRequest: guard("terms:manage"),
      schema: {
        tags: ["terms"],
        summary: "Add a term (name unique in any case)",
        body: termInputSchema,
        response: { 201: termResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ term: await createTerm(app.db, request.body, actedBy(app, request)) }),
  );

  app.patch(
    "/terms/:id",
    {
      onRequest: guard("terms:manage"),
      schema: {
        tags: ["terms"],
        summary: "Change a term's fields (its mode only while it has no proposals)",
        params: idParams,
        body: termPatchSchema,
        response: { 200: termResponse, ...errors },
      },
    },
    async (request) => ({
      term: await patchTerm(app.db, request.params.id, request.body, actedBy(app, request)),
    }),
  );

  app.delete(
    "/terms/:id",
    {
      onRequest: guard("terms:manage"),
      schema: {
        tags: ["terms"],
        summary: "Delete a term that has no proposals and is not current",
        params: idParams,
        response: { 200: okResponse, ...errors },
      },
    },
    async (request) => {
      await removeTerm(app.db, request.params.id, actedBy(app, request));
      return { ok: true as const };
    },
  );

  app.post(
    "/terms/:id/current",
    {
      onRequest: guard("terms:manage"),
      schema: {
        tags: ["terms"],
        summary: "Make this the current term: new proposals go into it",
        params: idParams,
        response: { 200: termResponse, ...errors },
      },
    },
    async (request) => ({ term: await setCurrentTerm(app.db, request.params.id, actedBy(app, request)) }),
  );

  app.put(
    "/terms/:id/capacities/:supervisorId",
    {
      onRequest: guard("terms:manage"),
      schema: {
        tags: ["terms"],
        summary: "Set a supervisor's own number of places in the term",
        params: termSupervisorParams,
        body: capacityInputSchema,
        response: { 200: okResponse, ...errors },
      },
    },
    async (request) => {
      await setCapacity(
        app.db,
        request.params.id,
        request.params.supervisorId,
        request.body.capacity,
        actedBy(app, request),
      );
      return { ok: true as const };
    },
  );

  app.delete(
    "/terms/:id/capacities/:supervisorId",
    {
      onRequest: guard("terms:manage"),
      schema: {
        tags: ["terms"],
        summary: "Remove a supervisor's own capacity: the term's default applies again",
        params: termSupervisorParams,
        response: { 200: okResponse, ...errors },
      },
    },
    async (request) => {
      await clearCapacity(app.db, request.params.id, request.params.supervisorId, actedBy(app, request));
      return { ok: true as const };
    },
  );

  app.get(
    "/terms/:id/load",
    {
      onRequest: guard("terms:manage"),
      schema: {
        tags: ["terms"],
        summary:
          "Each supervisor's places in use, capacity (null = unlimited) and overdue reviews in the term",
        params: idParams,
        response: { 200: termLoadResponse, ...errors },
      },
    },
    async (request) => ({ items: await termLoad(app.db, request.params.id, app.now()) }),
  );
};
