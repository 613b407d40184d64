import { errorResponseSchema, idParams, okResponse } from "@shared/schemas/common";
import { invitationAnswerSchema, invitationListResponse, withdrawSchema } from "@shared/schemas/life";
import { proposalResponse, proposalSchema } from "@shared/schemas/proposals";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { contextOf } from "../../lib/request-context";
import { guard, requireUser } from "../../plugins/session";
import { answerInvitation, leaveGroup, listInvitations, withdrawProposal } from "./groups.service";

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/** Groups by consent (DESIGN.md §9): invitations, leaving, withdrawing. */
export const groupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/invitations",
    {
      onRequest: guard("invitations:answer"),
      schema: {
        tags: ["groups"],
        summary: "The caller's open invitations to join a group",
        response: { 200: invitationListResponse, ...errors },
      },
    },
    async (request) => ({ items: await listInvitations(app.db, requireUser(request)) }),
  );

  app.post(
    "/proposals/:id/invitation",
    {
      onRequest: guard("invitations:answer"),
      schema: {
        tags: ["groups"],
        summary:
          "Accept (takes your one place in the term; declines your other invitations) or decline an invitation",
        params: idParams,
        body: invitationAnswerSchema,
        response: { 200: z.object({ proposal: proposalSchema.nullable() }), ...errors },
      },
    },
    async (request) => ({
      proposal: await answerInvitation(contextOf(request), request.params.id, request.body.accept),
    }),
  );

  app.post(
    "/proposals/:id/leave",
    {
      onRequest: guard("groups:manage"),
      schema: {
        tags: ["groups"],
        summary: "Leave a group you accepted, before it reaches a supervisor (not its creator)",
        params: idParams,
        response: { 200: okResponse, ...errors },
      },
    },
    async (request) => {
      await leaveGroup(contextOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    "/proposals/:id/withdraw",
    {
      onRequest: guard("proposals:withdraw"),
      schema: {
        tags: ["groups"],
        summary:
          "Withdraw your proposal (reason optional), or as the committee what a deactivated account leaves behind (reason required): its members are freed",
        params: idParams,
        body: withdrawSchema,
        response: { 200: proposalResponse, ...errors },
      },
    },
    async (request) => ({
      proposal: await withdrawProposal(contextOf(request), request.params.id, request.body.reason),
    }),
  );
};
