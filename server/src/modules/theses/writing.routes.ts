import { thesisIdParams, thesisReasonSchema, thesisResponse } from "@shared/schemas/theses";
import {
  declarationSchema,
  extensionDecisionSchema,
  extensionRequestSchema,
  submissionSchema,
  thesisDraftSchema,
  thesisMemberParams,
  thesisReturnSchema,
  thesisWritingResponse,
} from "@shared/schemas/thesis-writing";
import { moduleRoutes } from "../../lib/module-routes";
import { declare, returnThesis, submit } from "./submission.service";
import { thesisRoute as route, thesisRecord } from "./theses.routes";
import { decideExtension, failThesis, removeMember, requestExtension, uploadDraft } from "./writing.service";
import { thesisWriting } from "./writing-read";

/** A thesis being written (DESIGN.md §16, §23): drafts, extensions, failure, a member removed. */
export const thesisWritingRoutes = moduleRoutes(route, ({ api, record }) => {
  const thesis = record(thesisRecord);
  api("GET", "/theses/:id/writing", {
    access: "theses:read",
    summary:
      "A thesis's drafts (newest first, the final one marked), its latest extension request, the term's declaration text and who declared it",
    params: thesisIdParams,
    response: thesisWritingResponse,
    run: async (c, { params }) => ({ writing: await thesisWriting(c, params.id) }),
  });

  thesis("POST", "/theses/:id/drafts", {
    access: "theses:write",
    summary:
      "A member uploads a draft in Writing: a PDF they uploaded (POST /api/files), kept as the next version",
    body: thesisDraftSchema,
    status: 201,
    run: (c, id, body) => uploadDraft(c, id, body.documentId),
  });

  thesis("POST", "/theses/:id/extension", {
    access: "theses:write",
    summary:
      "A member asks for a later due date with a reason, any time in Writing (also past due); one request open at a time (409)",
    body: extensionRequestSchema,
    status: 201,
    run: requestExtension,
  });

  thesis("POST", "/theses/:id/extension/decision", {
    access: "theses:decide",
    summary:
      "Its supervisor decides the open extension request, or the committee decides it, or overrides the supervisor's decision; approving moves the due date (dueAt, else the date asked)",
    body: extensionDecisionSchema,
    run: decideExtension,
  });

  thesis("POST", "/theses/:id/fail", {
    access: "theses:manage",
    summary:
      "The committee records a thesis in Writing as failed, not submitted (reason required): Graded, with the scale's fail grade for every member",
    body: thesisReasonSchema,
    run: (c, id, body) => failThesis(c, id, body.reason),
  });

  api("DELETE", "/theses/:id/members/:studentId", {
    access: "theses:manage",
    summary:
      "The committee removes a member from a thesis in Writing (reason required): no longer a member, their place freed; never the last member (409)",
    params: thesisMemberParams,
    body: thesisReasonSchema,
    response: thesisResponse,
    run: async (c, { params, body }) => ({
      thesis: await removeMember(c, params.id, params.studentId, body.reason),
    }),
  });
});

/** The final submission (DESIGN.md §16, §23): each member's declaration, the submission, the return for correction. */
export const thesisSubmissionRoutes = moduleRoutes(route, ({ record }) => {
  const thesis = record(thesisRecord);
  thesis("PUT", "/theses/:id/declaration", {
    access: "theses:write",
    summary:
      "A member declares the thesis their own work, for themselves: the term's declaration text is stored with who and when (again: unchanged)",
    body: declarationSchema,
    run: declare,
  });

  thesis("POST", "/theses/:id/submission", {
    access: "theses:write",
    summary:
      "A member submits: before the due date (409 naming it), once every member has declared; the latest draft becomes the final document, locked",
    body: submissionSchema,
    run: submit,
  });

  thesis("POST", "/theses/:id/return", {
    access: "theses:return",
    summary:
      "Its supervisor returns a submitted thesis for correction before any assessment, with a reason and a later due date: Writing again",
    body: thesisReturnSchema,
    run: returnThesis,
  });
});
