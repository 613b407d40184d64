import { idParams, okResponse } from "@shared/schemas/common";
import { invitationAnswerSchema, invitationListResponse, withdrawSchema } from "@shared/schemas/life";
import { proposalSchema } from "@shared/schemas/proposals";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { recordRoutes } from "../../lib/record-route";
import { contextOf } from "../../lib/request-context";
import { done, routesOf } from "../../lib/route";
import { requireUser } from "../../plugins/session";
import { proposalRecord } from "../proposals/proposal-record";
import { answerInvitation, leaveGroup, listInvitations, withdrawProposal } from "./groups.service";

const route = routesOf("groups", [400, 401, 403, 404, 409]);

/** Groups by consent (DESIGN.md §9): invitations, leaving, withdrawing. */
export const groupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/invitations",
    route("invitations:answer", {
      summary: "The caller's open invitations to join a group",
      response: { 200: invitationListResponse },
    }),
    async (request) => ({ items: await listInvitations(app.db, requireUser(request)) }),
  );

  app.post(
    "/proposals/:id/invitation",
    route("invitations:answer", {
      summary:
        "Accept (takes your one place in the term; declines your other invitations) or decline an invitation",
      params: idParams,
      body: invitationAnswerSchema,
      response: { 200: z.object({ proposal: proposalSchema.nullable() }) },
    }),
    async (request) => ({
      proposal: await answerInvitation(contextOf(request), request.params.id, request.body.accept),
    }),
  );

  app.post(
    "/proposals/:id/leave",
    route("groups:manage", {
      summary: "Leave a group you accepted, before it reaches a supervisor (not its creator)",
      params: idParams,
      response: { 200: okResponse },
    }),
    async (request) => done(leaveGroup(contextOf(request), request.params.id)),
  );

  recordRoutes(app, route, proposalRecord)("POST", "/proposals/:id/withdraw", {
    access: "proposals:withdraw",
    summary:
      "Withdraw your proposal (reason optional), or as the committee what a deactivated account leaves behind (reason required): its members are freed",
    body: withdrawSchema,
    run: (c, id, body) => withdrawProposal(c, id, body.reason),
  });
};
