import type { RetentionPreview } from "@shared/schemas/retention";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../api";

/** GET /api/retention/preview: what the next retention run would remove (DESIGN.md §19). */
export const retentionQueries = {
  preview: () =>
    queryOptions({
      queryKey: ["retention", "preview"] as const,
      queryFn: () => api.get<RetentionPreview>("/retention/preview"),
    }),
};
