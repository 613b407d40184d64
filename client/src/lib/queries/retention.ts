import type { RetentionPreview } from "@shared/schemas/retention";
import { getQuery } from "./get-query";

/** GET /api/retention/preview: what the next retention run would remove (DESIGN.md §19). */
export const retentionQueries = {
  preview: () => getQuery<RetentionPreview>(["retention", "preview"], "/retention/preview"),
};
