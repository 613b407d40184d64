import { z } from "zod";

/** What a retention run removes, in counts (DESIGN.md §19). */
export const retentionCountsSchema = z.object({
  /** Theses and proposals whose clock has run out. */
  records: z.number(),
  messages: z.number(),
  notices: z.number(),
  /** Superseded proposal versions and thesis drafts, with the files only they held. */
  versions: z.number(),
  /** Examiners' internal comments and defense minutes. */
  internalComments: z.number(),
  /** Deactivated accounts to anonymise. */
  accounts: z.number(),
});
export type RetentionCounts = z.infer<typeof retentionCountsSchema>;

/** GET /api/retention/preview: the next run, what it would remove, and the last run. */
export const retentionPreviewResponse = z.object({
  years: z.number(),
  /** The next run's time, and the end date before which records' clocks have run out then. */
  nextRunAt: z.string(),
  cutoff: z.string(),
  counts: retentionCountsSchema,
  lastRun: z.object({ at: z.string(), note: z.string() }).nullable(),
});
export type RetentionPreview = z.infer<typeof retentionPreviewResponse>;
