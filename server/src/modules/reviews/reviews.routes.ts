import { errorResponseSchema, idParams } from "@shared/schemas/common";
import { decisionSchema, reassignSchema, reopenSchema } from "@shared/schemas/life";
import { proposalResponse, reviewSchema } from "@shared/schemas/proposals";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { contextOf } from "../../lib/request-context";
import { guard } from "../../plugins/session";
import { decideProposal, reassignProposal, reopenProposal, reviewProposal } from "./reviews.service";

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/** The supervisor's review and the committee's decisions on a proposal (DESIGN.md §9). */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/proposals/:id/review",
    {
      onRequest: guard("proposals:review"),
      schema: {
        tags: ["proposals"],
        summary:
          "Approve, deny or request changes of a Pending proposal addressed to you (feedback required to deny or request changes)",
        params: idParams,
        body: reviewSchema,
        response: { 200: proposalResponse, ...errors },
      },
    },
    async (request) => ({
      proposal: await reviewProposal(contextOf(request), request.params.id, request.body),
    }),
  );

  app.post(
    "/proposals/:id/decision",
    {
      onRequest: guard("proposals:decide"),
      schema: {
        tags: ["proposals"],
        summary: "The committee's sign-off of a proposal Awaiting committee (feedback required to deny)",
        params: idParams,
        body: decisionSchema,
        response: { 200: proposalResponse, ...errors },
      },
    },
    async (request) => ({
      proposal: await decideProposal(contextOf(request), request.params.id, request.body),
    }),
  );

  app.post(
    "/proposals/:id/reopen",
    {
      onRequest: guard("proposals:manage"),
      schema: {
        tags: ["proposals"],
        summary: "Reopen an Approved or Denied proposal (reason required): Pending again, places taken back",
        params: idParams,
        body: reopenSchema,
        response: { 200: proposalResponse, ...errors },
      },
    },
    async (request) => ({
      proposal: await reopenProposal(contextOf(request), request.params.id, request.body.reason),
    }),
  );

  app.post(
    "/proposals/:id/reassign",
    {
      onRequest: guard("proposals:manage"),
      schema: {
        tags: ["proposals"],
        summary: "Give a proposal to another supervisor of its cell (who needs a place left in its term)",
        params: idParams,
        body: reassignSchema,
        response: { 200: proposalResponse, ...errors },
      },
    },
    async (request) => ({
      proposal: await reassignProposal(contextOf(request), request.params.id, request.body.supervisorId),
    }),
  );
};
