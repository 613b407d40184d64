import { idParams, okResponse } from "@shared/schemas/common";
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
import { recordRoutes } from "../../lib/record-route";
import { contextOf } from "../../lib/request-context";
import { done, routesOf } from "../../lib/route";
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

const route = routesOf("terms", [400, 401, 403, 404, 409]);

/** Terms, their windows and limits, and supervisors' places (DESIGN.md §8, §15). */
export const termRoutes: FastifyPluginAsyncZod = async (app) => {
  const term = recordRoutes(app, route, { key: "term", response: termResponse, params: idParams });
  app.get(
    "/terms",
    route("terms:read", {
      summary: "Every term, newest first, the current one marked; and the department's time zone",
      response: { 200: termListResponse },
    }),
    async () => ({ items: await listTerms(app.db), timeZone: app.config.timeZone }),
  );

  app.post(
    "/terms",
    route("terms:manage", {
      summary: "Add a term (name unique in any case)",
      body: termInputSchema,
      response: { 201: termResponse },
    }),
    async (request, reply) =>
      reply.status(201).send({ term: await createTerm(contextOf(request), request.body) }),
  );

  term("PATCH", "/terms/:id", {
    access: "terms:manage",
    summary: "Change a term's fields (its mode only while it has no proposals)",
    body: termPatchSchema,
    run: patchTerm,
  });

  app.delete(
    "/terms/:id",
    route("terms:manage", {
      summary: "Delete a term that has no proposals and is not current",
      params: idParams,
      response: { 200: okResponse },
    }),
    async (request) => done(removeTerm(contextOf(request), request.params.id)),
  );

  term("POST", "/terms/:id/current", {
    access: "terms:manage",
    summary: "Make this the current term: new proposals go into it",
    run: setCurrentTerm,
  });

  app.put(
    "/terms/:id/capacities/:supervisorId",
    route("terms:manage", {
      summary: "Set a supervisor's own number of places in the term",
      params: termSupervisorParams,
      body: capacityInputSchema,
      response: { 200: okResponse },
    }),
    async (request) =>
      done(
        setCapacity(
          contextOf(request),
          request.params.id,
          request.params.supervisorId,
          request.body.capacity,
        ),
      ),
  );

  app.delete(
    "/terms/:id/capacities/:supervisorId",
    route("terms:manage", {
      summary: "Remove a supervisor's own capacity: the term's default applies again",
      params: termSupervisorParams,
      response: { 200: okResponse },
    }),
    async (request) =>
      done(clearCapacity(contextOf(request), request.params.id, request.params.supervisorId)),
  );

  app.get(
    "/terms/:id/load",
    route("terms:manage", {
      summary: "Each supervisor's places in use, capacity (null = unlimited) and overdue reviews in the term",
      params: idParams,
      response: { 200: termLoadResponse },
    }),
    async (request) => ({ items: await termLoad(app.db, request.params.id, app.now()) }),
  );
};
