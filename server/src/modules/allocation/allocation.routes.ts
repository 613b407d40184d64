import {
  allocationCertificateResponse,
  allocationReceiptResponse,
  allocationSchema,
  applicantListResponse,
  blockingPairsResponse,
  moveSchema,
  placeSchema,
  preferenceListResponse,
  preferencesSchema,
  rankingSchema,
  receiptQuery,
  runSummarySchema,
  topicInputSchema,
  topicListQuery,
  topicListResponse,
  topicPatchSchema,
  topicResponse,
} from "@shared/schemas/allocation";
import { idParams, okResponse } from "@shared/schemas/common";
import { z } from "zod";
import { moduleRoutes } from "../../lib/module-routes";
import { done, routesOf } from "../../lib/route";
import { proposalRecord } from "../proposals/proposal-record";
import { moveGroup, readAllocation, runAllocation } from "./allocation.service";
import { readCertificate } from "./certificate.service";
import { groupPreferences, listApplicants, setPreferences, setRanking } from "./preferences.service";
import { placeGroup, publishAllocation } from "./publish.service";
import { readReceipt } from "./receipt.service";
import { createTopic, editTopic, listTopics, withdrawTopic } from "./topics.service";

const route = routesOf("allocation", [400, 401, 403, 404, 409]);

/** Allocation terms (DESIGN.md §11, §15): topics, preferences, rankings, the matching and its publication. */
export const allocationRoutes = moduleRoutes(route, ({ api, record }) => {
  const topic = record({ key: "topic", response: topicResponse, params: idParams });
  api("GET", "/topics", {
    access: "topics:read",
    summary: "A term's topics (the current term by default), by title; searchable, by cell and supervisor",
    querystring: topicListQuery,
    response: topicListResponse,
    run: (c, { query }) => listTopics(c.db, c.by, query),
  });

  api("POST", "/topics", {
    access: "topics:manage",
    summary: "Publish a topic in an allocation term, in one of your research cells",
    body: topicInputSchema,
    response: topicResponse,
    status: 201,
    run: async (c, { body }) => ({ topic: await createTopic(c, body) }),
  });

  topic("PATCH", "/topics/:id", {
    access: "topics:manage",
    summary: "Change your topic until the allocation is published",
    body: topicPatchSchema,
    run: editTopic,
  });

  topic("DELETE", "/topics/:id", {
    access: "topics:manage",
    summary: "Withdraw your topic until the allocation is published: it leaves every preference list",
    run: withdrawTopic,
  });

  api("GET", "/proposals/:id/preferences", {
    access: "proposals:read",
    summary: "A group's ranked topics, best first, with its term's maximum and whether they are frozen",
    params: idParams,
    response: preferenceListResponse,
    run: (c, { params }) => groupPreferences(c.db, c.by, params.id),
  });

  api("PUT", "/proposals/:id/preferences", {
    access: "preferences:set",
    summary: "Replace your group's ranked topics (1…the term's maxPreferences) until publication",
    params: idParams,
    body: preferencesSchema,
    response: okResponse,
    run: (c, { params, body }) => done(setPreferences(c, params.id, body.topicIds)),
  });

  api("GET", "/terms/:id/applicants", {
    access: "ranking:set",
    summary: "The groups that listed any of your topics in the term, with your rank for each",
    params: idParams,
    response: applicantListResponse,
    run: async (c, { params }) => ({ items: await listApplicants(c.db, c.by, params.id) }),
  });

  api("PUT", "/terms/:id/ranking", {
    access: "ranking:set",
    summary: "Your order of your applicant groups, best first; those left out follow by lot",
    params: idParams,
    body: rankingSchema,
    response: okResponse,
    run: (c, { params, body }) => done(setRanking(c, params.id, body.proposalIds)),
  });

  api("POST", "/terms/:id/allocation", {
    access: "allocation:manage",
    summary: "Run the allocation: a new draft of the student-optimal stable matching; nothing else changes",
    params: idParams,
    response: runSummarySchema,
    run: (c, { params }) => runAllocation(c, params.id),
  });

  api("GET", "/terms/:id/allocation", {
    access: "allocation:manage",
    summary:
      "The draft with every group of the term, the topics, each supervisor's load and the blocking pairs",
    params: idParams,
    response: allocationSchema,
    run: (c, { params }) => readAllocation(c.db, params.id),
  });

  api("PATCH", "/terms/:id/allocation", {
    access: "allocation:manage",
    summary: "Move a group in the draft (to a topic or to none); answers the draft's blocking pairs",
    params: idParams,
    body: moveSchema,
    response: blockingPairsResponse,
    run: (c, { params, body }) => moveGroup(c, params.id, body),
  });

  api("GET", "/terms/:id/allocation/certificate", {
    access: "allocation:read",
    summary:
      "The published allocation's certificate (seed, inputs' digest, profile, moves by hand, blocking pairs), without anyone's preferences or names: to the term's groups, its supervisors with topics and the committee",
    params: idParams,
    response: allocationCertificateResponse,
    run: async (c, { params }) => ({ certificate: await readCertificate(c.db, c.by, params.id) }),
  });

  api("GET", "/terms/:id/allocation/receipt", {
    access: "allocation:read",
    summary:
      "A group's receipt: for each topic it ranked above the one it got, why not, in counts (never names nor a supervisor's order), checked against the matching; to the group's members once published, to the committee on the draft too",
    params: idParams,
    querystring: receiptQuery,
    response: allocationReceiptResponse,
    run: async (c, { params, query }) => ({
      receipt: await readReceipt(c.db, c.by, params.id, query.proposalId),
    }),
  });

  api("POST", "/terms/:id/allocation/publish", {
    access: "allocation:manage",
    summary: "Apply the draft in one transaction (409 when out of date or published already)",
    params: idParams,
    response: z.object({ placed: z.number(), unmatched: z.number() }),
    run: (c, { params }) => publishAllocation(c, params.id),
  });

  record(proposalRecord)("POST", "/proposals/:id/place", {
    access: "allocation:manage",
    summary: "Place a group left unmatched on a topic after publication (places checked)",
    body: placeSchema,
    run: (c, id, body) => placeGroup(c, id, body.topicId),
  });
});
