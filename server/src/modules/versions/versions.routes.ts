import { errorResponseSchema, idParams } from "@shared/schemas/common";
import { versionInputSchema, versionListResponse } from "@shared/schemas/life";
import { proposalResponse } from "@shared/schemas/proposals";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { contextOf } from "../../lib/request-context";
import { guard, requireUser } from "../../plugins/session";
import { listVersions, submitVersion } from "./versions.service";

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/** A proposal's versions (DESIGN.md §9): every one kept, a new one answering "Changes requested". */
export const versionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/proposals/:id/versions",
    {
      onRequest: guard("proposals:read"),
      schema: {
        tags: ["proposals"],
        summary: "Every version of a proposal you may see, newest first",
        params: idParams,
        response: { 200: versionListResponse, ...errors },
      },
    },
    async (request) => ({ items: await listVersions(app.db, requireUser(request), request.params.id) }),
  );

  app.post(
    "/proposals/:id/versions",
    {
      onRequest: guard("versions:submit"),
      schema: {
        tags: ["proposals"],
        summary:
          "Answer Changes requested with a new version (title, abstract, optional documentId and note) before revisions close",
        params: idParams,
        body: versionInputSchema,
        response: { 201: proposalResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        proposal: await submitVersion(contextOf(request), request.params.id, request.body),
      }),
  );
};
