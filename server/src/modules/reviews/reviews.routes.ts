import { decisionSchema, reassignSchema, reopenSchema } from "@shared/schemas/life";
import { reviewSchema } from "@shared/schemas/proposals";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { routesOf } from "../../lib/route";
import { proposalChanges } from "../proposals/change-route";
import { decideProposal, reassignProposal, reopenProposal, reviewProposal } from "./reviews.service";

const route = routesOf("proposals", [400, 401, 403, 404, 409]);

/** The supervisor's review and the committee's decisions on a proposal (DESIGN.md §9). */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const change = proposalChanges(app, route);
  change(
    "review",
    "proposals:review",
    {
      summary:
        "Approve, deny or request changes of a Pending proposal addressed to you (feedback required to deny or request changes)",
      body: reviewSchema,
    },
    reviewProposal,
  );
  change(
    "decision",
    "proposals:decide",
    {
      summary: "The committee's sign-off of a proposal Awaiting committee (feedback required to deny)",
      body: decisionSchema,
    },
    decideProposal,
  );
  change(
    "reopen",
    "proposals:manage",
    {
      summary: "Reopen an Approved or Denied proposal (reason required): Pending again, places taken back",
      body: reopenSchema,
    },
    (c, id, body) => reopenProposal(c, id, body.reason),
  );
  change(
    "reassign",
    "proposals:manage",
    {
      summary: "Give a proposal to another supervisor of its cell (who needs a place left in its term)",
      body: reassignSchema,
    },
    (c, id, body) => reassignProposal(c, id, body.supervisorId),
  );
};
