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
import { moduleRoutes } from "../../lib/module-routes";
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
export const termRoutes = moduleRoutes(route, ({ api, record }) => {
  const term = record({ key: "term", response: termResponse, params: idParams });
  api("GET", "/terms", {
    access: "terms:read",
    summary: "Every term, newest first, the current one marked; and the department's time zone",
    response: termListResponse,
    run: async (c) => ({ items: await listTerms(c.db), timeZone: c.timeZone }),
  });

  api("POST", "/terms", {
    access: "terms:manage",
    summary: "Add a term (name unique in any case)",
    body: termInputSchema,
    response: termResponse,
    status: 201,
    run: async (c, { body }) => ({ term: await createTerm(c, body) }),
  });

  term("PATCH", "/terms/:id", {
    access: "terms:manage",
    summary: "Change a term's fields (its mode only while it has no proposals)",
    body: termPatchSchema,
    run: patchTerm,
  });

  api("DELETE", "/terms/:id", {
    access: "terms:manage",
    summary: "Delete a term that has no proposals and is not current",
    params: idParams,
    response: okResponse,
    run: (c, { params }) => done(removeTerm(c, params.id)),
  });

  term("POST", "/terms/:id/current", {
    access: "terms:manage",
    summary: "Make this the current term: new proposals go into it",
    run: setCurrentTerm,
  });

  api("PUT", "/terms/:id/capacities/:supervisorId", {
    access: "terms:manage",
    summary: "Set a supervisor's own number of places in the term",
    params: termSupervisorParams,
    body: capacityInputSchema,
    response: okResponse,
    run: (c, { params, body }) => done(setCapacity(c, params.id, params.supervisorId, body.capacity)),
  });

  api("DELETE", "/terms/:id/capacities/:supervisorId", {
    access: "terms:manage",
    summary: "Remove a supervisor's own capacity: the term's default applies again",
    params: termSupervisorParams,
    response: okResponse,
    run: (c, { params }) => done(clearCapacity(c, params.id, params.supervisorId)),
  });

  api("GET", "/terms/:id/load", {
    access: "terms:manage",
    summary: "Each supervisor's places in use, capacity (null = unlimited) and overdue reviews in the term",
    params: idParams,
    response: termLoadResponse,
    run: async (c, { params }) => ({ items: await termLoad(c.db, params.id, c.now) }),
  });
});
