import { idParams } from "@shared/schemas/common";
import { proposalResponse } from "@shared/schemas/proposals";

/**
 * What the routes `/proposals/:id/…` that change a proposal answer (recordRoutes): the proposal as
 * the caller now sees it, changed by its command (decision 0044).
 */
export const proposalRecord = { key: "proposal", response: proposalResponse, params: idParams } as const;
