import { errorResponseSchema, idParams } from "@shared/schemas/common";
import {
  createProposalSchema,
  proposalListQuery,
  proposalListResponse,
  proposalResponse,
} from "@shared/schemas/proposals";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { contextOf } from "../../lib/request-context";
import { guard, requireUser } from "../../plugins/session";
import { createProposal, getProposal, listProposals } from "./proposals.service";

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

export const proposalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/proposals",
    {
      onRequest: guard("proposals:create"),
      schema: {
        tags: ["proposals"],
        summary: "Submit a proposal (Pending); a retried requestId returns the first one with 200",
        body: createProposalSchema,
        response: {
          200: proposalResponse,
          201: proposalResponse,
          409: errorResponseSchema,
          429: errorResponseSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { proposal, created } = await createProposal(contextOf(request), request.body);
      return reply.status(created ? 201 : 200).send({ proposal });
    },
  );

  app.get(
    "/proposals",
    {
      onRequest: guard("proposals:read"),
      schema: {
        tags: ["proposals"],
        summary: "The proposals the caller may see, newest first (order=oldest for the oldest first)",
        querystring: proposalListQuery,
        response: { 200: proposalListResponse, ...errors },
      },
    },
    async (request) => listProposals(app.db, requireUser(request), request.query),
  );

  app.get(
    "/proposals/:id",
    {
      onRequest: guard("proposals:read"),
      schema: {
        tags: ["proposals"],
        summary: "One proposal with its cell, supervisor and members; 404 when the caller may not see it",
        params: idParams,
        response: { 200: proposalResponse, ...errors },
      },
    },
    async (request) => ({ proposal: await getProposal(app.db, requireUser(request), request.params.id) }),
  );
};
