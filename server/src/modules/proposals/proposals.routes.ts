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
import { moduleRoutes } from "../../lib/module-routes";
import { contextOf } from "../../lib/request-context";
import { routesOf } from "../../lib/route";
import {
  createProposal,
  getProposal,
  listProposals,
  proposalGroups,
  similarProposals,
} from "./proposals.service";

const route = routesOf("proposals", [400, 401, 403, 404]);

export const proposalRoutes = moduleRoutes(route, ({ api, app }) => {
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

  api("GET", "/proposals", {
    access: "proposals:read",
    summary: "The proposals the caller may see, newest first (order=oldest for the oldest first)",
    querystring: proposalListQuery,
    response: proposalListResponse,
    run: (c, { query }) => listProposals(c.db, c.by, query),
  });

  api("GET", "/proposals/groups", {
    access: "proposals:read",
    summary:
      "The groups the caller may write to or chat with: the proposals they may see, of every term, newest first, the first 100, each with its title, status and people",
    response: proposalGroupsResponse,
    run: (c) => proposalGroups(c.db, c.by),
  });

  api("GET", "/proposals/similar", {
    access: "proposals:read",
    summary:
      "Up to five proposals whose titles are most like `title` (trigram similarity), of those the caller may see; `exclude` leaves one out",
    querystring: similarProposalsQuery,
    response: similarProposalsResponse,
    run: async (c, { query }) => ({ items: await similarProposals(c.db, c.by, query, c.timeZone) }),
  });

  api("GET", "/proposals/:id", {
    access: "proposals:read",
    summary: "One proposal with its cell, supervisor and members; 404 when the caller may not see it",
    params: idParams,
    response: proposalResponse,
    run: async (c, { params }) => ({ proposal: await getProposal(c.db, c.by, params.id) }),
  });
});
