import { z } from "zod";
import { PROPOSAL_TYPES, VISIBILITIES } from "../enums";
import { namedRef, pageQuery, pageResponse, uuid } from "./common";
import { searchParam } from "./users";

/** The archive of released theses (DESIGN.md §19, §23; decision 0077). */

/**
 * GET /api/archive: `q` words of the title or abstract (each the start of a word), `year` of
 * release (in the department's time zone), `cellId`, `supervisorId` and `type`, paged as every list.
 */
export const archiveQuery = pageQuery.extend({
  q: searchParam,
  year: z.coerce
    .number({ error: "Year must be a year such as 2026." })
    .int("Year must be a year such as 2026.")
    .min(1900, "Year must be a year such as 2026.")
    .max(9999, "Year must be a year such as 2026.")
    .optional(),
  cellId: uuid({ error: "Invalid research cell." }).optional(),
  supervisorId: uuid({ error: "Invalid supervisor." }).optional(),
  type: z.enum(PROPOSAL_TYPES, { error: `Type must be one of ${PROPOSAL_TYPES.join(", ")}.` }).optional(),
});
export type ArchiveQuery = z.output<typeof archiveQuery>;

/** An archive entry: what anyone who may see it reads (never a grade or a comment). */
export const archiveEntrySchema = z.object({
  id: z.string(),
  title: z.string(),
  abstract: z.string(),
  type: z.enum(PROPOSAL_TYPES),
  /** The members' names, in the group's order. */
  students: z.array(z.string()),
  supervisor: namedRef.nullable(),
  cell: namedRef.nullable(),
  /** The year of release, in the department's time zone. */
  year: z.number(),
  releasedAt: z.string(),
  visibility: z.enum(VISIBILITIES),
  /** The final PDF (GET /api/archive/:id/document), or null when the thesis has none (recorded as failed). */
  documentUrl: z.string().nullable(),
});
export type ArchiveEntry = z.infer<typeof archiveEntrySchema>;

export const archiveListResponse = pageResponse(archiveEntrySchema);
export type ArchiveList = z.infer<typeof archiveListResponse>;
export const archiveEntryResponse = z.object({ entry: archiveEntrySchema });

/** GET /api/archive/filters: the years, cells and supervisors of the entries the caller may see. */
export const archiveFiltersResponse = z.object({
  years: z.array(z.number()),
  cells: z.array(namedRef),
  supervisors: z.array(namedRef),
});
export type ArchiveFilters = z.infer<typeof archiveFiltersResponse>;
