import { idParams } from "@shared/schemas/common";
import { versionInputSchema, versionListResponse } from "@shared/schemas/life";
import { moduleRoutes } from "../../lib/module-routes";
import { proposalRecord, proposalRoute as route } from "../proposals/proposal-record";
import { listVersions, submitVersion } from "./versions.service";

/** A proposal's versions (DESIGN.md §9): every one kept, a new one answering "Changes requested". */
export const versionRoutes = moduleRoutes(route, ({ api, record }) => {
  api("GET", "/proposals/:id/versions", {
    access: "proposals:read",
    summary: "Every version of a proposal you may see, newest first",
    params: idParams,
    response: versionListResponse,
    run: async (c, { params }) => ({ items: await listVersions(c.db, c.by, params.id) }),
  });

  record(proposalRecord)("POST", "/proposals/:id/versions", {
    access: "versions:submit",
    summary:
      "Answer Changes requested with a new version (title, abstract, optional documentId and note) before revisions close",
    body: versionInputSchema,
    status: 201,
    run: submitVersion,
  });
});
