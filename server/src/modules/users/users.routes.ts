import { LIMITS } from "@shared/limits";
import { MSG } from "@shared/messages";
import {
  importQuery,
  importResponse,
  openProposalsResponse,
  passwordLinkResponse,
  updatePersonSchema,
} from "@shared/schemas/accounts";
import { errorResponseSchema, idParams } from "@shared/schemas/common";
import {
  assignCellResponse,
  assignCellSchema,
  createUserSchema,
  personResponse,
  userCellParams,
  userListQuery,
  userListResponse,
} from "@shared/schemas/users";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { contextOf } from "../../lib/request-context";
import { guard, requireUser } from "../../plugins/session";
import { changeBy } from "../activity/activity.repository";
import {
  deactivatePerson,
  openProposals,
  reactivatePerson,
  sendLink,
  updatePerson,
} from "./account-actions.service";
import { importPeople } from "./import.service";
import { readImportBody } from "./import-upload";
import { addPerson, assignCell, listPeople, unassignCell } from "./users.service";

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const personResult = { 200: personResponse, ...errors };

  app.get(
    "/users",
    {
      onRequest: guard("users:read"),
      schema: {
        tags: ["users"],
        summary: "A page of the people of a role, searched by name, email or student ID and sorted",
        querystring: userListQuery,
        response: { 200: userListResponse, ...errors },
      },
    },
    async (request) => listPeople(app.db, request.query),
  );

  app.post(
    "/users",
    {
      onRequest: guard("users:create"),
      schema: {
        tags: ["users"],
        summary: "Add a teacher (supervisor, no cells) or a committee member",
        body: createUserSchema,
        response: { 201: personResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        user: await addPerson(
          app.db,
          request.body,
          { publicUrl: app.config.publicUrl, by: requireUser(request).name },
          changeBy(app, requireUser(request)),
        ),
      }),
  );

  app.post(
    "/users/:id/research-cells",
    {
      onRequest: guard("users:assign-cells"),
      schema: {
        tags: ["users"],
        summary: "Assign a teacher to a research cell",
        params: idParams,
        body: assignCellSchema,
        response: { 201: assignCellResponse, ...errors },
      },
    },
    async (request, reply) => {
      await assignCell(
        app.db,
        request.params.id,
        request.body.researchCellId,
        changeBy(app, requireUser(request)),
      );
      return reply.status(201).send({ ok: true as const, message: MSG.cellAssigned });
    },
  );

  app.delete(
    "/users/:id/research-cells/:cellId",
    {
      onRequest: guard("users:assign-cells"),
      schema: {
        tags: ["users"],
        summary: "Remove a teacher from a research cell (refused while they have Pending proposals there)",
        params: userCellParams,
        response: { 200: assignCellResponse, ...errors },
      },
    },
    async (request) => {
      await unassignCell(
        app.db,
        request.params.id,
        request.params.cellId,
        changeBy(app, requireUser(request)),
      );
      return { ok: true as const, message: MSG.teacherRemovedFromCell };
    },
  );

  app.patch(
    "/users/:id",
    {
      onRequest: guard("users:manage"),
      schema: {
        tags: ["users"],
        summary: "Correct a person's name or email (unique in any case)",
        params: idParams,
        body: updatePersonSchema,
        response: personResult,
      },
    },
    async (request) => ({
      user: await updatePerson(app.db, request.params.id, request.body, contextOf(request)),
    }),
  );

  app.post(
    "/users/:id/password-reset",
    {
      onRequest: guard("users:manage"),
      schema: {
        tags: ["users"],
        summary:
          "Email the person a password link: a reset (valid one hour), or, without a password yet, a link to set one (valid 7 days)",
        params: idParams,
        response: { 200: passwordLinkResponse, ...errors },
      },
    },
    async (request) => {
      const { kind, name } = await sendLink(app.db, request.params.id, contextOf(request));
      return {
        ok: true as const,
        kind,
        message: kind === "reset" ? MSG.resetLinkSent(name) : MSG.setPasswordLinkSent(name),
      };
    },
  );

  app.post(
    "/users/:id/deactivate",
    {
      onRequest: guard("users:manage"),
      schema: {
        tags: ["users"],
        summary:
          "Deactivate an account: it cannot sign in, and its sessions and event streams end at once; its records stay",
        params: idParams,
        response: personResult,
      },
    },
    async (request) => ({ user: await deactivatePerson(app.db, request.params.id, contextOf(request)) }),
  );

  app.post(
    "/users/:id/reactivate",
    {
      onRequest: guard("users:manage"),
      schema: {
        tags: ["users"],
        summary: "Reactivate an account: it may sign in again",
        params: idParams,
        response: personResult,
      },
    },
    async (request) => ({ user: await reactivatePerson(app.db, request.params.id, contextOf(request)) }),
  );

  app.get(
    "/users/:id/open-proposals",
    {
      onRequest: guard("users:manage"),
      schema: {
        tags: ["users"],
        summary: "What a person leaves behind: active proposals they created or supervise",
        params: idParams,
        response: { 200: openProposalsResponse, ...errors },
      },
    },
    async (request) => ({ items: await openProposals(app.db, request.params.id) }),
  );

  // The import in a scope of its own: only it reads a text/csv body (as bytes), so every JSON
  // route keeps refusing other content types with 415.
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser(
      "text/csv",
      { parseAs: "buffer", bodyLimit: LIMITS.importBytesMax },
      (_request, body, done) => done(null, body),
    );
    scope.post(
      "/users/import",
      {
        onRequest: guard("users:manage"),
        // Bodies up to the import's limit; the rest of this plugin keeps the JSON limit.
        bodyLimit: LIMITS.importBytesMax + 64 * 1024,
        schema: {
          tags: ["users"],
          summary:
            "Import students (name,email,studentId) or teachers (name,email) from a CSV: text/csv body or multipart `file`. dryRun (default true) reports every row; otherwise all new rows are created and emailed a link, or nothing is",
          consumes: ["text/csv", "multipart/form-data"],
          querystring: importQuery,
          response: {
            200: importResponse,
            413: errorResponseSchema,
            415: errorResponseSchema,
            ...errors,
          },
        },
      },
      async (request) =>
        importPeople(
          app.db,
          {
            role: request.query.role,
            dryRun: request.query.dryRun,
            csv: await readImportBody(request),
            allowedEmailDomains: app.config.allowedEmailDomains,
          },
          contextOf(request),
        ),
    );
  });
};
