import { retentionPreviewResponse } from "@shared/schemas/retention";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { routesOf } from "../../lib/route";
import { previewRetention } from "./retention.service";

const route = routesOf("retention", [401, 403]);

/** The committee's preview of the next retention run (DESIGN.md §19, §23). */
export const retentionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/retention/preview",
    route("retention:read", {
      summary: `What the next daily retention run would remove, in counts: chat, notices, superseded versions and drafts, internal comments of records ended more than RETENTION_YEARS ago, and the deactivated accounts it would anonymise; with the last run's note`,
      response: { 200: retentionPreviewResponse },
    }),
    async () => previewRetention(app.db, app.config.retentionYears, app.now()),
  );
};
