import type { Readable } from "node:stream";
import { idParams } from "@shared/schemas/common";
import { fileReadQuery } from "@shared/schemas/files";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import type { Access } from "../../lib/route";
import type { App, ModuleRoute } from "../../lib/service-route";
import { sendDocument } from "./documents";

/** A stored PDF as `sendDocument` sends it. */
export interface SentDocument {
  name: string;
  size: number;
  stream: Readable;
}

/**
 * `GET url` of one stored PDF by its path's id: `read` finds it for the caller (or throws 404),
 * and it is sent for download or, with `?view=inline`, to show in a frame of this app's pages
 * (decision 0059), sandboxed either way. Proposal documents and the archive's final PDFs.
 */
export function documentRoute(
  app: App,
  route: ModuleRoute,
  url: string,
  doc: { access: Access; summary: string },
  read: (request: FastifyRequest<{ Params: { id: string } }>) => Promise<SentDocument>,
) {
  app.get(
    url,
    route(doc.access, {
      summary: doc.summary,
      params: idParams,
      querystring: fileReadQuery,
      response: { 200: z.any().describe("The PDF, as an attachment (or inline), sandboxed") },
    }),
    async (request, reply) => sendDocument(reply, await read(request), request.query.view),
  );
}
