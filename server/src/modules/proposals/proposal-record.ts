import { idParams } from "@shared/schemas/common";
import { proposalResponse } from "@shared/schemas/proposals";
import { routesOf } from "../../lib/route";

/**
 * What the routes `/proposals/:id/…` that change a proposal answer (recordRoutes): the proposal as
 * the caller now sees it, changed by its command (decision 0044).
 */
export const proposalRecord = { key: "proposal", response: proposalResponse, params: idParams } as const;

/** The routes of a proposal's review and versions, each of which may also answer 409. */
export const proposalRoute = routesOf("proposals", [400, 401, 403, 404, 409]);
