import { fileRefSchema, fileUploadQuery } from "@shared/schemas/files";
import { moduleRoutes } from "../../lib/module-routes";
import { routesOf } from "../../lib/route";
import { requireUser } from "../../plugins/session";
import { documentRoute } from "./document-route";
import { assertMayUpload, readDocument, readDocumentUpload, storeDocument } from "./documents";
import { takeUpload } from "./upload-limit";

const route = routesOf("files", [400, 401, 403, 404]);

/** Proposal documents (DESIGN.md §10): uploaded first, then referred to by a submission or a version. */
export const fileRoutes = moduleRoutes(route, ({ app }) => {
  app.post(
    "/files",
    route("files:upload", {
      summary:
        "Upload a PDF document (multipart field `file`, at most 20 MB and 2,000 pages; it must be a PDF that parses); refer to it by documentId. purpose=thesis: a thesis draft of up to 50 MB, by a student member of a thesis in Writing (else 403). Uploads are limited per user (429).",
      consumes: ["multipart/form-data"],
      querystring: fileUploadQuery,
      response: { 201: fileRefSchema },
      errors: [413, 415, 429, 503],
    }),
    async (request, reply) => {
      const user = requireUser(request);
      const { purpose } = request.query;
      await assertMayUpload(app.db, user, purpose);
      // Counted before the body is read: every attempt counts, refused or not.
      await takeUpload(app.db, user.id);
      // Held from before the body is read until the file is stored or refused (decision 0080).
      const release = app.uploadMemory.takeFor(request, purpose);
      try {
        const upload = await readDocumentUpload(request, purpose);
        const deps = { db: app.db, pdfChecker: app.pdfChecker, log: request.log };
        return reply.status(201).send(await storeDocument(deps, user.id, upload, purpose));
      } finally {
        release();
      }
    },
  );

  documentRoute(
    app,
    route,
    "/files/:id",
    {
      access: "files:read",
      summary:
        "A document, to its uploader and to those who may see a proposal that refers to it (else 404); view=inline shows it in a frame of this app's pages",
    },
    (request) => readDocument(app.db, requireUser(request), request.params.id),
  );
});
