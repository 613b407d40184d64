import { runSummarySchema } from "@shared/schemas/allocation";
import { idParams, okResponse } from "@shared/schemas/common";
import {
  scenarioInputSchema,
  scenarioListResponse,
  scenarioParams,
  scenarioPatchSchema,
  scenarioResponse,
} from "@shared/schemas/scenarios";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { contextOf } from "../../lib/request-context";
import { done, routesOf } from "../../lib/route";
import { adoptScenario } from "./scenario-adopt.service";
import {
  createScenario,
  discardScenario,
  editScenario,
  listScenarios,
  readScenario,
  runScenario,
} from "./scenarios.service";

const route = routesOf("allocation", [400, 401, 403, 404, 409]);
const BASE = "/terms/:id/allocation/scenarios";

/** What-if scenarios of a term's allocation (DESIGN.md §20, §23): the committee's only. */
export const scenarioRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    BASE,
    route("allocation:manage", {
      summary: "The term's what-if scenarios, newest first, each saying whether it is stale",
      params: idParams,
      response: { 200: scenarioListResponse },
    }),
    async (request) => listScenarios(app.db, request.params.id),
  );

  app.post(
    BASE,
    route("allocation:manage", {
      summary: "Copy the draft into a what-if scenario with the real capacities (409 before a run)",
      params: idParams,
      body: scenarioInputSchema,
      response: { 201: scenarioResponse },
    }),
    async (request, reply) =>
      reply
        .status(201)
        .send({ scenario: await createScenario(contextOf(request), request.params.id, request.body) }),
  );

  app.get(
    `${BASE}/:sid`,
    route("allocation:manage", {
      summary:
        "A scenario: its capacities beside the real ones and, once run, the comparison with the draft (matched, rank profile, unmatched, each supervisor's load, every group whose result changes)",
      params: scenarioParams,
      response: { 200: scenarioResponse },
    }),
    async (request) => ({ scenario: await readScenario(app.db, request.params.id, request.params.sid) }),
  );

  app.patch(
    `${BASE}/:sid`,
    route("allocation:manage", {
      summary:
        "Change topic and supervisor capacities in the scenario only (never the real ones); its result is cleared until it runs again",
      params: scenarioParams,
      body: scenarioPatchSchema,
      response: { 200: scenarioResponse },
    }),
    async (request) => ({
      scenario: await editScenario(contextOf(request), request.params.id, request.params.sid, request.body),
    }),
  );

  app.delete(
    `${BASE}/:sid`,
    route("allocation:manage", {
      summary: "Discard a scenario; nothing real changes",
      params: scenarioParams,
      response: { 200: okResponse },
    }),
    async (request) => done(discardScenario(contextOf(request), request.params.id, request.params.sid)),
  );

  app.post(
    `${BASE}/:sid/run`,
    route("allocation:manage", {
      summary:
        "Run the draft's matching with the scenario's capacities and the draft's seed; answers the comparison with the draft",
      params: scenarioParams,
      response: { 200: scenarioResponse },
    }),
    async (request) => ({
      scenario: await runScenario(contextOf(request), request.params.id, request.params.sid),
    }),
  );

  app.post(
    `${BASE}/:sid/adopt`,
    route("allocation:manage", {
      summary:
        "Make the scenario the draft: its capacities become the real ones and its result the draft, in one transaction (409 when the draft or the capacities changed since the copy, or it has not run since its last change)",
      params: scenarioParams,
      response: { 200: runSummarySchema },
    }),
    async (request) => adoptScenario(contextOf(request), request.params.id, request.params.sid),
  );
};
