import {
  allocationSchema,
  applicantListResponse,
  blockingPairsResponse,
  moveSchema,
  placeSchema,
  preferenceListResponse,
  preferencesSchema,
  rankingSchema,
  runSummarySchema,
  topicInputSchema,
  topicListQuery,
  topicListResponse,
  topicPatchSchema,
  topicResponse,
} from "@shared/schemas/allocation";
import { errorResponseSchema, idParams, okResponse } from "@shared/schemas/common";
import { proposalResponse } from "@shared/schemas/proposals";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { contextOf } from "../../lib/request-context";
import { guard, requireUser } from "../../plugins/session";
import { moveGroup, readAllocation, runAllocation } from "./allocation.service";
import { groupPreferences, listApplicants, setPreferences, setRanking } from "./preferences.service";
import { placeGroup, publishAllocation } from "./publish.service";
import { createTopic, editTopic, listTopics, withdrawTopic } from "./topics.service";

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/** Allocation terms (DESIGN.md §11, §15): topics, preferences, rankings, the matching and its publication. */
export const allocationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/topics",
    {
      onRequest: guard("topics:read"),
      schema: {
        tags: ["allocation"],
        summary:
          "A term's topics (the current term by default), by title; searchable, by cell and supervisor",
        querystring: topicListQuery,
        response: { 200: topicListResponse, ...errors },
      },
    },
    async (request) => listTopics(app.db, requireUser(request), request.query),
  );

  app.post(
    "/topics",
    {
      onRequest: guard("topics:manage"),
      schema: {
        tags: ["allocation"],
        summary: "Publish a topic in an allocation term, in one of your research cells",
        body: topicInputSchema,
        response: { 201: topicResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ topic: await createTopic(contextOf(request), request.body) }),
  );

  app.patch(
    "/topics/:id",
    {
      onRequest: guard("topics:manage"),
      schema: {
        tags: ["allocation"],
        summary: "Change your topic until the allocation is published",
        params: idParams,
        body: topicPatchSchema,
        response: { 200: topicResponse, ...errors },
      },
    },
    async (request) => ({ topic: await editTopic(contextOf(request), request.params.id, request.body) }),
  );

  app.delete(
    "/topics/:id",
    {
      onRequest: guard("topics:manage"),
      schema: {
        tags: ["allocation"],
        summary: "Withdraw your topic until the allocation is published: it leaves every preference list",
        params: idParams,
        response: { 200: topicResponse, ...errors },
      },
    },
    async (request) => ({ topic: await withdrawTopic(contextOf(request), request.params.id) }),
  );

  app.get(
    "/proposals/:id/preferences",
    {
      onRequest: guard("proposals:read"),
      schema: {
        tags: ["allocation"],
        summary: "A group's ranked topics, best first, with its term's maximum and whether they are frozen",
        params: idParams,
        response: { 200: preferenceListResponse, ...errors },
      },
    },
    async (request) => groupPreferences(app.db, requireUser(request), request.params.id),
  );

  app.put(
    "/proposals/:id/preferences",
    {
      onRequest: guard("preferences:set"),
      schema: {
        tags: ["allocation"],
        summary: "Replace your group's ranked topics (1…the term's maxPreferences) until publication",
        params: idParams,
        body: preferencesSchema,
        response: { 200: okResponse, ...errors },
      },
    },
    async (request) => {
      await setPreferences(contextOf(request), request.params.id, request.body.topicIds);
      return { ok: true as const };
    },
  );

  app.get(
    "/terms/:id/applicants",
    {
      onRequest: guard("ranking:set"),
      schema: {
        tags: ["allocation"],
        summary: "The groups that listed any of your topics in the term, with your rank for each",
        params: idParams,
        response: { 200: applicantListResponse, ...errors },
      },
    },
    async (request) => ({ items: await listApplicants(app.db, requireUser(request), request.params.id) }),
  );

  app.put(
    "/terms/:id/ranking",
    {
      onRequest: guard("ranking:set"),
      schema: {
        tags: ["allocation"],
        summary: "Your order of your applicant groups, best first; those left out follow by lot",
        params: idParams,
        body: rankingSchema,
        response: { 200: okResponse, ...errors },
      },
    },
    async (request) => {
      await setRanking(contextOf(request), request.params.id, request.body.proposalIds);
      return { ok: true as const };
    },
  );

  app.post(
    "/terms/:id/allocation",
    {
      onRequest: guard("allocation:manage"),
      schema: {
        tags: ["allocation"],
        summary:
          "Run the allocation: a new draft of the student-optimal stable matching; nothing else changes",
        params: idParams,
        response: { 200: runSummarySchema, ...errors },
      },
    },
    async (request) => runAllocation(contextOf(request), request.params.id),
  );

  app.get(
    "/terms/:id/allocation",
    {
      onRequest: guard("allocation:manage"),
      schema: {
        tags: ["allocation"],
        summary:
          "The draft with every group of the term, the topics, each supervisor's load and the blocking pairs",
        params: idParams,
        response: { 200: allocationSchema, ...errors },
      },
    },
    async (request) => readAllocation(app.db, request.params.id),
  );

  app.patch(
    "/terms/:id/allocation",
    {
      onRequest: guard("allocation:manage"),
      schema: {
        tags: ["allocation"],
        summary: "Move a group in the draft (to a topic or to none); answers the draft's blocking pairs",
        params: idParams,
        body: moveSchema,
        response: { 200: blockingPairsResponse, ...errors },
      },
    },
    async (request) => moveGroup(contextOf(request), request.params.id, request.body),
  );

  app.post(
    "/terms/:id/allocation/publish",
    {
      onRequest: guard("allocation:manage"),
      schema: {
        tags: ["allocation"],
        summary: "Apply the draft in one transaction (409 when out of date or published already)",
        params: idParams,
        response: { 200: z.object({ placed: z.number(), unmatched: z.number() }), ...errors },
      },
    },
    async (request) => publishAllocation(contextOf(request), request.params.id),
  );

  app.post(
    "/proposals/:id/place",
    {
      onRequest: guard("allocation:manage"),
      schema: {
        tags: ["allocation"],
        summary: "Place a group left unmatched on a topic after publication (places checked)",
        params: idParams,
        body: placeSchema,
        response: { 200: proposalResponse, ...errors },
      },
    },
    async (request) => ({
      proposal: await placeGroup(contextOf(request), request.params.id, request.body.topicId),
    }),
  );
};
