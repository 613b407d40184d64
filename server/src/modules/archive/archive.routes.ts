import {
  archiveEntryResponse,
  archiveFiltersResponse,
  archiveListResponse,
  archiveQuery,
} from "@shared/schemas/archive";
import { idParams } from "@shared/schemas/common";
import type { FastifyRequest } from "fastify";
import { moduleRoutes } from "../../lib/module-routes";
import { routesOf } from "../../lib/route";
import { documentRoute } from "../files/document-route";
import type { ArchiveContext } from "./archive.service";
import { archiveFilters, listArchive, readArchiveDocument, readArchiveEntry } from "./archive.service";

const route = routesOf("archive", [400, 404]);

/** The archive of released theses (DESIGN.md §19, §23): no login for Public entries (decision 0077). */
export const archiveRoutes = moduleRoutes(route, ({ app }) => {
  const contextOf = (request: FastifyRequest): ArchiveContext => ({
    db: app.db,
    reader: request.user ? { id: request.user.id, role: request.user.role } : null,
    allowedEmailDomains: app.config.allowedEmailDomains,
    timeZone: app.config.timeZone,
    now: app.now(),
  });

  app.get(
    "/archive",
    route("anyone", {
      summary:
        "Released theses the caller may see, newest release first: Public to anyone; Internal to signed-in teachers and committee and to students not self-registered (or verified at an allowed domain, or by single sign-on); never Private, under embargo or annulled. q matches the starts of title and abstract words; filters year (of release), cellId, supervisorId, type",
      querystring: archiveQuery,
      response: { 200: archiveListResponse },
    }),
    async (request) => {
      const { page, pageSize, ...filter } = request.query;
      return listArchive(contextOf(request), filter, { page, pageSize });
    },
  );

  app.get(
    "/archive/filters",
    route("anyone", {
      summary:
        "The years of release, research cells and supervisors of the archive entries the caller may see",
      response: { 200: archiveFiltersResponse },
    }),
    async (request) => archiveFilters(contextOf(request)),
  );

  app.get(
    "/archive/:id",
    route("anyone", {
      summary:
        "One archive entry: title, abstract, students, supervisor, cell, type, year and the final PDF's address; 404 to whoever may not see it",
      params: idParams,
      response: { 200: archiveEntryResponse },
    }),
    async (request) => ({ entry: await readArchiveEntry(contextOf(request), request.params.id) }),
  );

  documentRoute(
    app,
    route,
    "/archive/:id/document",
    {
      access: "anyone",
      summary:
        "An archive entry's final PDF, by the entry's visibility and embargo (404 to whoever may not see the entry); view=inline to show it in a frame of this app's pages",
    },
    (request) => readArchiveDocument(contextOf(request), request.params.id),
  );
});
