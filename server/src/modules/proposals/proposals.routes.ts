import { idParams } from "@shared/schemas/common";
import {
  createProposalSchema,
  proposalGroupsResponse,
  proposalListQuery,
  proposalListResponse,
  proposalResponse,
  similarProposalsQuery,
  similarProposalsResponse,
} from "@shared/schemas/proposals";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { contextOf } from "../../lib/request-context";
import { routesOf } from "../../lib/route";
import { requireUser } from "../../plugins/session";
import {
  createProposal,
  getProposal,
  listProposals,
  proposalGroups,
  similarProposals,
} from "./proposals.service";

const route = routesOf("proposals", [400, 401, 403, 404]);

export const proposalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/proposals",
    route("proposals:create", {
      summary: "Submit a proposal (Pending); a retried requestId returns the first one with 200",
      body: createProposalSchema,
      response: { 200: proposalResponse, 201: proposalResponse },
      errors: [409, 429],
    }),
    async (request, reply) => {
      const { proposal, created } = await createProposal(contextOf(request), request.body);
      return reply.status(created ? 201 : 200).send({ proposal });
    },
  );

  app.get(
    "/proposals",
    route("proposals:read", {
      summary: "The proposals the caller may see, newest first (order=oldest for the oldest first)",
      querystring: proposalListQuery,
      response: { 200: proposalListResponse },
    }),
    async (request) => listProposals(app.db, requireUser(request), request.query),
  );

  app.get(
    "/proposals/groups",
    route("proposals:read", {
      summary:
        "The groups the caller may write to or chat with: the proposals they may see, of every term, newest first, the first 100, each with its title, status and people",
      response: { 200: proposalGroupsResponse },
    }),
    async (request) => proposalGroups(app.db, requireUser(request)),
  );

  app.get(
    "/proposals/similar",
    route("proposals:read", {
      summary:
        "Up to five proposals whose titles are most like `title` (trigram similarity), of those the caller may see; `exclude` leaves one out",
      querystring: similarProposalsQuery,
      response: { 200: similarProposalsResponse },
    }),
    async (request) => ({
      items: await similarProposals(app.db, requireUser(request), request.query, app.config.timeZone),
    }),
  );

  app.get(
    "/proposals/:id",
    route("proposals:read", {
      summary: "One proposal with its cell, supervisor and members; 404 when the caller may not see it",
      params: idParams,
      response: { 200: proposalResponse },
    }),
    async (request) => ({ proposal: await getProposal(app.db, requireUser(request), request.params.id) }),
  );
};
