import { runSummarySchema } from "@shared/schemas/allocation";
import { idParams, okResponse } from "@shared/schemas/common";
import {
  scenarioInputSchema,
  scenarioListResponse,
  scenarioParams,
  scenarioPatchSchema,
  scenarioResponse,
} from "@shared/schemas/scenarios";
import { moduleRoutes } from "../../lib/module-routes";
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
export const scenarioRoutes = moduleRoutes(route, ({ api }) => {
  api("GET", BASE, {
    access: "allocation:manage",
    summary: "The term's what-if scenarios, newest first, each saying whether it is stale",
    params: idParams,
    response: scenarioListResponse,
    run: (c, { params }) => listScenarios(c.db, params.id),
  });

  api("POST", BASE, {
    access: "allocation:manage",
    summary: "Copy the draft into a what-if scenario with the real capacities (409 before a run)",
    params: idParams,
    body: scenarioInputSchema,
    response: scenarioResponse,
    status: 201,
    run: async (c, { params, body }) => ({ scenario: await createScenario(c, params.id, body) }),
  });

  api("GET", `${BASE}/:sid`, {
    access: "allocation:manage",
    summary:
      "A scenario: its capacities beside the real ones and, once run, the comparison with the draft (matched, rank profile, unmatched, each supervisor's load, every group whose result changes)",
    params: scenarioParams,
    response: scenarioResponse,
    run: async (c, { params }) => ({ scenario: await readScenario(c.db, params.id, params.sid) }),
  });

  api("PATCH", `${BASE}/:sid`, {
    access: "allocation:manage",
    summary:
      "Change topic and supervisor capacities in the scenario only (never the real ones); its result is cleared until it runs again",
    params: scenarioParams,
    body: scenarioPatchSchema,
    response: scenarioResponse,
    run: async (c, { params, body }) => ({ scenario: await editScenario(c, params.id, params.sid, body) }),
  });

  api("DELETE", `${BASE}/:sid`, {
    access: "allocation:manage",
    summary: "Discard a scenario; nothing real changes",
    params: scenarioParams,
    response: okResponse,
    run: (c, { params }) => done(discardScenario(c, params.id, params.sid)),
  });

  api("POST", `${BASE}/:sid/run`, {
    access: "allocation:manage",
    summary:
      "Run the draft's matching with the scenario's capacities and the draft's seed; answers the comparison with the draft",
    params: scenarioParams,
    response: scenarioResponse,
    run: async (c, { params }) => ({ scenario: await runScenario(c, params.id, params.sid) }),
  });

  api("POST", `${BASE}/:sid/adopt`, {
    access: "allocation:manage",
    summary:
      "Make the scenario the draft: its capacities become the real ones and its result the draft, in one transaction (409 when the draft or the capacities changed since the copy, or it has not run since its last change)",
    params: scenarioParams,
    response: runSummarySchema,
    run: (c, { params }) => adoptScenario(c, params.id, params.sid),
  });
});
