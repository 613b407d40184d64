import { LIMITS } from "@shared/limits";
import { MSG } from "@shared/messages";
import {
  importQuery,
  importResponse,
  openProposalsResponse,
  passwordLinkResponse,
  updatePersonSchema,
} from "@shared/schemas/accounts";
import { idParams } from "@shared/schemas/common";
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
import { routesOf } from "../../lib/route";
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

const route = routesOf("users", [400, 401, 403, 404, 409]);

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const personResult = { 200: personResponse };

  app.get(
    "/users",
    route("users:read", {
      summary: "A page of the people of a role, searched by name, email or student ID and sorted",
      querystring: userListQuery,
      response: { 200: userListResponse },
    }),
    async (request) => listPeople(app.db, request.query),
  );

  app.post(
    "/users",
    route("users:create", {
      summary: "Add a teacher (supervisor, no cells) or a committee member",
      body: createUserSchema,
      response: { 201: personResponse },
    }),
    async (request, reply) =>
      reply.status(201).send({
        user: await addPerson(contextOf(request), request.body),
      }),
  );

  app.post(
    "/users/:id/research-cells",
    route("users:assign-cells", {
      summary: "Assign a teacher to a research cell",
      params: idParams,
      body: assignCellSchema,
      response: { 201: assignCellResponse },
    }),
    async (request, reply) => {
      await assignCell(contextOf(request), request.params.id, request.body.researchCellId);
      return reply.status(201).send({ ok: true as const, message: MSG.cellAssigned });
    },
  );

  app.delete(
    "/users/:id/research-cells/:cellId",
    route("users:assign-cells", {
      summary: "Remove a teacher from a research cell (refused while they have Pending proposals there)",
      params: userCellParams,
      response: { 200: assignCellResponse },
    }),
    async (request) => {
      await unassignCell(contextOf(request), request.params.id, request.params.cellId);
      return { ok: true as const, message: MSG.teacherRemovedFromCell };
    },
  );

  app.patch(
    "/users/:id",
    route("users:manage", {
      summary: "Correct a person's name or email (unique in any case)",
      params: idParams,
      body: updatePersonSchema,
      response: personResult,
    }),
    async (request) => ({
      user: await updatePerson(app.db, request.params.id, request.body, contextOf(request)),
    }),
  );

  app.post(
    "/users/:id/password-reset",
    route("users:manage", {
      summary:
        "Email the person a password link: a reset (valid one hour), or, without a password yet, a link to set one (valid 7 days)",
      params: idParams,
      response: { 200: passwordLinkResponse },
    }),
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
    route("users:manage", {
      summary:
        "Deactivate an account: it cannot sign in, and its sessions and event streams end at once; its records stay",
      params: idParams,
      response: personResult,
    }),
    async (request) => ({ user: await deactivatePerson(app.db, request.params.id, contextOf(request)) }),
  );

  app.post(
    "/users/:id/reactivate",
    route("users:manage", {
      summary: "Reactivate an account: it may sign in again",
      params: idParams,
      response: personResult,
    }),
    async (request) => ({ user: await reactivatePerson(app.db, request.params.id, contextOf(request)) }),
  );

  app.get(
    "/users/:id/open-proposals",
    route("users:manage", {
      summary: "What a person leaves behind: active proposals they created or supervise",
      params: idParams,
      response: { 200: openProposalsResponse },
    }),
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
        ...route("users:manage", {
          summary:
            "Import students (name,email,studentId) or teachers (name,email) from a CSV: text/csv body or multipart `file`. dryRun (default true) reports every row; otherwise all new rows are created and emailed a link, or nothing is",
          consumes: ["text/csv", "multipart/form-data"],
          querystring: importQuery,
          response: { 200: importResponse },
          errors: [413, 415],
        }),
        // Bodies up to the import's limit; the rest of this plugin keeps the JSON limit.
        bodyLimit: LIMITS.importBytesMax + 64 * 1024,
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
