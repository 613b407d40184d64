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
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { moduleRoutes } from "../../lib/module-routes";
import { contextOf } from "../../lib/request-context";
import { done, routesOf } from "../../lib/route";
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

export const userRoutes = moduleRoutes(route, async ({ api, app }) => {
  api("GET", "/users", {
    access: "users:read",
    summary: "A page of the people of a role, searched by name, email or student ID and sorted",
    querystring: userListQuery,
    response: userListResponse,
    run: (c, { query }) => listPeople(c.db, query),
  });

  api("POST", "/users", {
    access: "users:create",
    summary: "Add a teacher (supervisor, no cells) or a committee member",
    body: createUserSchema,
    response: personResponse,
    status: 201,
    run: async (c, { body }) => ({ user: await addPerson(c, body) }),
  });

  api("POST", "/users/:id/research-cells", {
    access: "users:assign-cells",
    summary: "Assign a teacher to a research cell",
    params: idParams,
    body: assignCellSchema,
    response: assignCellResponse,
    status: 201,
    run: (c, { params, body }) => done(assignCell(c, params.id, body.researchCellId), MSG.cellAssigned),
  });

  api("DELETE", "/users/:id/research-cells/:cellId", {
    access: "users:assign-cells",
    summary: "Remove a teacher from a research cell (refused while they have Pending proposals there)",
    params: userCellParams,
    response: assignCellResponse,
    run: (c, { params }) => done(unassignCell(c, params.id, params.cellId), MSG.teacherRemovedFromCell),
  });

  api("PATCH", "/users/:id", {
    access: "users:manage",
    summary: "Correct a person's name or email (unique in any case)",
    params: idParams,
    body: updatePersonSchema,
    response: personResponse,
    run: async (c, { params, body }) => ({ user: await updatePerson(c.db, params.id, body, c) }),
  });

  api("POST", "/users/:id/password-reset", {
    access: "users:manage",
    summary:
      "Email the person a password link: a reset (valid one hour), or, without a password yet, a link to set one (valid 7 days)",
    params: idParams,
    response: passwordLinkResponse,
    run: async (c, { params }) => {
      const { kind, name } = await sendLink(c.db, params.id, c);
      return {
        ok: true as const,
        kind,
        message: kind === "reset" ? MSG.resetLinkSent(name) : MSG.setPasswordLinkSent(name),
      };
    },
  });

  api("POST", "/users/:id/deactivate", {
    access: "users:manage",
    summary:
      "Deactivate an account: it cannot sign in, and its sessions and event streams end at once; its records stay",
    params: idParams,
    response: personResponse,
    run: async (c, { params }) => ({ user: await deactivatePerson(c.db, params.id, c) }),
  });

  api("POST", "/users/:id/reactivate", {
    access: "users:manage",
    summary: "Reactivate an account: it may sign in again",
    params: idParams,
    response: personResponse,
    run: async (c, { params }) => ({ user: await reactivatePerson(c.db, params.id, c) }),
  });

  api("GET", "/users/:id/open-proposals", {
    access: "users:manage",
    summary: "What a person leaves behind: active proposals they created or supervise",
    params: idParams,
    response: openProposalsResponse,
    run: async (c, { params }) => ({ items: await openProposals(c.db, params.id) }),
  });

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
});
