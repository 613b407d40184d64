import type { ArchiveEntry, ArchiveFilters, ArchiveList } from "@shared/schemas/archive";
import type { Db } from "../../db/client";
import { iso } from "../../db/query";
import { NotFoundError } from "../../lib/errors";
import { fileStream } from "../files/file-stream";
import {
  type ArchiveFilter,
  type ArchiveReader,
  type ArchiveRow,
  archiveVisible,
  selectArchiveDocument,
  selectArchiveEntry,
  selectArchiveFilters,
  selectArchivePage,
} from "./archive.repository";

/** What an archive read needs: the database, who reads (or nobody), the settings, the time. */
export interface ArchiveContext {
  db: Db;
  reader: ArchiveReader;
  allowedEmailDomains: readonly string[];
  timeZone: string;
  now: Date;
}

const visibleTo = (c: ArchiveContext) => archiveVisible(c.reader, c.allowedEmailDomains, c.now);

const entryOf = (r: ArchiveRow): ArchiveEntry => ({
  id: r.id,
  title: r.title,
  abstract: r.abstract,
  type: r.type,
  students: r.students,
  supervisor: r.supervisor_id ? { id: r.supervisor_id, name: r.supervisor_name ?? "" } : null,
  cell: r.cell_id ? { id: r.cell_id, name: r.cell_title ?? "" } : null,
  year: r.year,
  releasedAt: iso(r.released_at),
  visibility: r.visibility,
  documentUrl: r.has_document ? `/api/archive/${r.id}/document` : null,
});

/** GET /api/archive: a page of the entries the reader may see, by the search and filters (§19). */
export async function listArchive(
  c: ArchiveContext,
  f: ArchiveFilter,
  page: { page: number; pageSize: number },
): Promise<ArchiveList> {
  const rows = await selectArchivePage(c.db, visibleTo(c), f, c.timeZone, {
    offset: (page.page - 1) * page.pageSize,
    limit: page.pageSize,
  });
  return { items: rows.map(entryOf), total: rows[0]?.total ?? 0, capped: false };
}

/** GET /api/archive/:id: one entry, or 404 to whoever may not see it (§19). */
export async function readArchiveEntry(c: ArchiveContext, id: string): Promise<ArchiveEntry> {
  const row = await selectArchiveEntry(c.db, visibleTo(c), id, c.timeZone);
  if (!row) throw new NotFoundError();
  return entryOf(row);
}

/** GET /api/archive/filters: the choices the filters offer, from the entries the reader may see. */
export async function archiveFilters(c: ArchiveContext): Promise<ArchiveFilters> {
  const row = await selectArchiveFilters(c.db, visibleTo(c), c.timeZone);
  return { years: row?.years ?? [], cells: row?.cells ?? [], supervisors: row?.supervisors ?? [] };
}

/** GET /api/archive/:id/document: the entry's final PDF, by the same visibility (else 404). */
export async function readArchiveDocument(c: ArchiveContext, id: string) {
  const doc = await selectArchiveDocument(c.db, visibleTo(c), id);
  if (!doc) throw new NotFoundError();
  return { ...doc, stream: fileStream(c.db, doc.id, doc.size) };
}
