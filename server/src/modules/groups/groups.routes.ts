import { idParams, okResponse } from "@shared/schemas/common";
import { invitationAnswerSchema, invitationListResponse, withdrawSchema } from "@shared/schemas/life";
import { proposalSchema } from "@shared/schemas/proposals";
import { z } from "zod";
import { moduleRoutes } from "../../lib/module-routes";
import { done, routesOf } from "../../lib/route";
import { proposalRecord } from "../proposals/proposal-record";
import { answerInvitation, leaveGroup, listInvitations, withdrawProposal } from "./groups.service";

const route = routesOf("groups", [400, 401, 403, 404, 409]);

/** Groups by consent (DESIGN.md §9): invitations, leaving, withdrawing. */
export const groupRoutes = moduleRoutes(route, ({ api, record }) => {
  api("GET", "/invitations", {
    access: "invitations:answer",
    summary: "The caller's open invitations to join a group",
    response: invitationListResponse,
    run: async (c) => ({ items: await listInvitations(c.db, c.by) }),
  });

  api("POST", "/proposals/:id/invitation", {
    access: "invitations:answer",
    summary:
      "Accept (takes your one place in the term; declines your other invitations) or decline an invitation",
    params: idParams,
    body: invitationAnswerSchema,
    response: z.object({ proposal: proposalSchema.nullable() }),
    run: async (c, { params, body }) => ({ proposal: await answerInvitation(c, params.id, body.accept) }),
  });

  api("POST", "/proposals/:id/leave", {
    access: "groups:manage",
    summary: "Leave a group you accepted, before it reaches a supervisor (not its creator)",
    params: idParams,
    response: okResponse,
    run: (c, { params }) => done(leaveGroup(c, params.id)),
  });

  record(proposalRecord)("POST", "/proposals/:id/withdraw", {
    access: "proposals:withdraw",
    summary:
      "Withdraw your proposal (reason optional), or as the committee what a deactivated account leaves behind (reason required): its members are freed",
    body: withdrawSchema,
    run: (c, id, body) => withdrawProposal(c, id, body.reason),
  });
});
