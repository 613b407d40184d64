import { retentionPreviewResponse } from "@shared/schemas/retention";
import { moduleRoutes } from "../../lib/module-routes";
import { routesOf } from "../../lib/route";
import { previewRetention } from "./retention.service";

const route = routesOf("retention", [401, 403]);

/** The committee's preview of the next retention run (DESIGN.md §19, §23). */
export const retentionRoutes = moduleRoutes(route, ({ api, app }) => {
  api("GET", "/retention/preview", {
    access: "retention:read",
    summary: `What the next daily retention run would remove, in counts: chat, notices, superseded versions and drafts, internal comments of records ended more than RETENTION_YEARS ago, and the deactivated accounts it would anonymise; with the last run's note`,
    response: retentionPreviewResponse,
    run: (c) => previewRetention(c.db, app.config.retentionYears, c.now),
  });
});
