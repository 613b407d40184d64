import { decisionSchema, reassignSchema, reopenSchema } from "@shared/schemas/life";
import { reviewSchema } from "@shared/schemas/proposals";
import { moduleRoutes } from "../../lib/module-routes";
import { proposalRecord, proposalRoute as route } from "../proposals/proposal-record";
import { decideProposal, reassignProposal, reopenProposal, reviewProposal } from "./reviews.service";

/** The supervisor's review and the committee's decisions on a proposal (DESIGN.md §9). */
export const reviewRoutes = moduleRoutes(route, ({ record }) => {
  const proposal = record(proposalRecord);
  proposal("POST", "/proposals/:id/review", {
    access: "proposals:review",
    summary:
      "Approve, deny or request changes of a Pending proposal addressed to you (feedback required to deny or request changes)",
    body: reviewSchema,
    run: reviewProposal,
  });
  proposal("POST", "/proposals/:id/decision", {
    access: "proposals:decide",
    summary: "The committee's sign-off of a proposal Awaiting committee (feedback required to deny)",
    body: decisionSchema,
    run: decideProposal,
  });
  proposal("POST", "/proposals/:id/reopen", {
    access: "proposals:manage",
    summary: "Reopen an Approved or Denied proposal (reason required): Pending again, places taken back",
    body: reopenSchema,
    run: (c, id, body) => reopenProposal(c, id, body.reason),
  });
  proposal("POST", "/proposals/:id/reassign", {
    access: "proposals:manage",
    summary: "Give a proposal to another supervisor of its cell (who needs a place left in its term)",
    body: reassignSchema,
    run: (c, id, body) => reassignProposal(c, id, body.supervisorId),
  });
});
