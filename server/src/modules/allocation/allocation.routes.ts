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
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { recordRoutes } from "../../lib/record-route";
import { contextOf } from "../../lib/request-context";
import { done, routesOf } from "../../lib/route";
import { requireUser } from "../../plugins/session";
import { proposalRecord } from "../proposals/proposal-record";
import { moveGroup, readAllocation, runAllocation } from "./allocation.service";
import { readCertificate } from "./certificate.service";
import { groupPreferences, listApplicants, setPreferences, setRanking } from "./preferences.service";
import { placeGroup, publishAllocation } from "./publish.service";
import { readReceipt } from "./receipt.service";
import { createTopic, editTopic, listTopics, withdrawTopic } from "./topics.service";

const route = routesOf("allocation", [400, 401, 403, 404, 409]);

/** Allocation terms (DESIGN.md §11, §15): topics, preferences, rankings, the matching and its publication. */
export const allocationRoutes: FastifyPluginAsyncZod = async (app) => {
  const topic = recordRoutes(app, route, { key: "topic", response: topicResponse, params: idParams });
  app.get(
    "/topics",
    route("topics:read", {
      summary: "A term's topics (the current term by default), by title; searchable, by cell and supervisor",
      querystring: topicListQuery,
      response: { 200: topicListResponse },
    }),
    async (request) => listTopics(app.db, requireUser(request), request.query),
  );

  app.post(
    "/topics",
    route("topics:manage", {
      summary: "Publish a topic in an allocation term, in one of your research cells",
      body: topicInputSchema,
      response: { 201: topicResponse },
    }),
    async (request, reply) =>
      reply.status(201).send({ topic: await createTopic(contextOf(request), request.body) }),
  );

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

  app.get(
    "/proposals/:id/preferences",
    route("proposals:read", {
      summary: "A group's ranked topics, best first, with its term's maximum and whether they are frozen",
      params: idParams,
      response: { 200: preferenceListResponse },
    }),
    async (request) => groupPreferences(app.db, requireUser(request), request.params.id),
  );

  app.put(
    "/proposals/:id/preferences",
    route("preferences:set", {
      summary: "Replace your group's ranked topics (1…the term's maxPreferences) until publication",
      params: idParams,
      body: preferencesSchema,
      response: { 200: okResponse },
    }),
    async (request) => done(setPreferences(contextOf(request), request.params.id, request.body.topicIds)),
  );

  app.get(
    "/terms/:id/applicants",
    route("ranking:set", {
      summary: "The groups that listed any of your topics in the term, with your rank for each",
      params: idParams,
      response: { 200: applicantListResponse },
    }),
    async (request) => ({ items: await listApplicants(app.db, requireUser(request), request.params.id) }),
  );

  app.put(
    "/terms/:id/ranking",
    route("ranking:set", {
      summary: "Your order of your applicant groups, best first; those left out follow by lot",
      params: idParams,
      body: rankingSchema,
      response: { 200: okResponse },
    }),
    async (request) => done(setRanking(contextOf(request), request.params.id, request.body.proposalIds)),
  );

  app.post(
    "/terms/:id/allocation",
    route("allocation:manage", {
      summary: "Run the allocation: a new draft of the student-optimal stable matching; nothing else changes",
      params: idParams,
      response: { 200: runSummarySchema },
    }),
    async (request) => runAllocation(contextOf(request), request.params.id),
  );

  app.get(
    "/terms/:id/allocation",
    route("allocation:manage", {
      summary:
        "The draft with every group of the term, the topics, each supervisor's load and the blocking pairs",
      params: idParams,
      response: { 200: allocationSchema },
    }),
    async (request) => readAllocation(app.db, request.params.id),
  );

  app.patch(
    "/terms/:id/allocation",
    route("allocation:manage", {
      summary: "Move a group in the draft (to a topic or to none); answers the draft's blocking pairs",
      params: idParams,
      body: moveSchema,
      response: { 200: blockingPairsResponse },
    }),
    async (request) => moveGroup(contextOf(request), request.params.id, request.body),
  );

  app.get(
    "/terms/:id/allocation/certificate",
    route("allocation:read", {
      summary:
        "The published allocation's certificate (seed, inputs' digest, profile, moves by hand, blocking pairs), without anyone's preferences or names: to the term's groups, its supervisors with topics and the committee",
      params: idParams,
      response: { 200: allocationCertificateResponse },
    }),
    async (request) => ({
      certificate: await readCertificate(app.db, requireUser(request), request.params.id),
    }),
  );

  app.get(
    "/terms/:id/allocation/receipt",
    route("allocation:read", {
      summary:
        "A group's receipt: for each topic it ranked above the one it got, why not, in counts (never names nor a supervisor's order), checked against the matching; to the group's members once published, to the committee on the draft too",
      params: idParams,
      querystring: receiptQuery,
      response: { 200: allocationReceiptResponse },
    }),
    async (request) => ({
      receipt: await readReceipt(app.db, requireUser(request), request.params.id, request.query.proposalId),
    }),
  );

  app.post(
    "/terms/:id/allocation/publish",
    route("allocation:manage", {
      summary: "Apply the draft in one transaction (409 when out of date or published already)",
      params: idParams,
      response: { 200: z.object({ placed: z.number(), unmatched: z.number() }) },
    }),
    async (request) => publishAllocation(contextOf(request), request.params.id),
  );

  recordRoutes(app, route, proposalRecord)("POST", "/proposals/:id/place", {
    access: "allocation:manage",
    summary: "Place a group left unmatched on a topic after publication (places checked)",
    body: placeSchema,
    run: (c, id, body) => placeGroup(c, id, body.topicId),
  });
};
