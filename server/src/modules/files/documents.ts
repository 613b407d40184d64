import type { Role } from "@shared/enums";
import { LIMITS } from "@shared/limits";
import { DOCUMENT_MSG, type FileRef } from "@shared/schemas/files";
import { sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { getDocumentProxy } from "unpdf";
import type { Db } from "../../db/client";
import { selectRow } from "../../db/query";
import { files, proposals, proposalVersions } from "../../db/schema";
import { AppError, fieldError, NotFoundError } from "../../lib/errors";
import { documentVisibleTo } from "../proposals/visibility";
import { insertFile } from "./files.repository";

export const PDF = "application/pdf";

const tooLarge = () => new AppError(413, "PAYLOAD_TOO_LARGE", DOCUMENT_MSG.tooLarge);
const wrongType = () => new AppError(415, "UNSUPPORTED_MEDIA_TYPE", DOCUMENT_MSG.wrongType);

/** The uploaded file's bytes and name (multipart field `file`), at most LIMITS.documentBytesMax. */
export async function readDocumentUpload(request: FastifyRequest): Promise<{ name: string; bytes: Buffer }> {
  // A body announced as far larger than any allowed document is refused unread.
  if (Number(request.headers["content-length"] ?? 0) > LIMITS.documentBytesMax + 64 * 1024) throw tooLarge();
  const part = await request.file({ limits: { fileSize: LIMITS.documentBytesMax, files: 1 } });
  if (part?.fieldname !== "file") throw fieldError("file", DOCUMENT_MSG.missing);
  try {
    const bytes = await part.toBuffer();
    return { name: part.filename, bytes };
  } catch (err) {
    if ((err as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge();
    throw err;
  }
}

/**
 * Whether the bytes are a PDF that a PDF library reads through to its last page (DESIGN.md §10):
 * what the file is comes from its content, never its name or declared type. A renamed HTML file
 * fails the signature; a truncated PDF fails to parse.
 */
export async function isReadablePdf(bytes: Buffer): Promise<boolean> {
  if (bytes.subarray(0, 5).toString("latin1") !== "%PDF-") return false;
  try {
    const doc = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
    try {
      if (doc.numPages < 1) return false;
      await doc.getPage(doc.numPages);
      return true;
    } finally {
      await doc.loadingTask.destroy();
    }
  } catch {
    return false;
  }
}

/** A file name safe to show and to send back: no path, no control characters, ends in .pdf. */
export function documentName(raw: string | undefined): string {
  const base = (raw ?? "")
    .split(/[\\/]/)
    .pop()!
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f"]/g, "")
    .trim()
    .slice(0, LIMITS.documentNameMax - 4);
  const name = base || "document";
  return name.toLowerCase().endsWith(".pdf") ? name : `${name}.pdf`;
}

/** Checks and stores an uploaded PDF for its owner; nothing is kept when it is refused. */
export async function storeDocument(
  db: Db,
  ownerId: string,
  upload: { name: string; bytes: Buffer },
): Promise<FileRef> {
  if (upload.bytes.length === 0) throw fieldError("file", DOCUMENT_MSG.missing);
  if (upload.bytes.length > LIMITS.documentBytesMax) throw tooLarge();
  if (upload.bytes.subarray(0, 5).toString("latin1") !== "%PDF-") throw wrongType();
  if (!(await isReadablePdf(upload.bytes))) throw fieldError("file", DOCUMENT_MSG.unreadable);
  const name = documentName(upload.name);
  const id = await insertFile(db, { ownerId, name, mediaType: PDF, bytes: upload.bytes });
  return { id, name, size: upload.bytes.length };
}

/** A document a submission or a version refers to must be a PDF its author uploaded. */
export async function assertOwnDocument(db: Db, id: string, ownerId: string) {
  const row = await selectRow(
    db,
    sql`select 1 from ${files} where id = ${id} and owner_id = ${ownerId} and media_type = ${PDF}`,
  );
  if (!row) throw fieldError("documentId", DOCUMENT_MSG.notFound);
}

/**
 * A document, to those who may see it: its uploader, and whoever may read the version of a
 * proposal that refers to it (DESIGN.md §9, §10: an invitee the current version's only); to anyone
 * else it is not there (404).
 */
export async function readDocument(db: Db, viewer: { id: string; role: Role }, id: string) {
  const row = await selectRow<{ name: string; size: number; bytes: Uint8Array }>(
    db,
    sql`select f.name, f.size, f.bytes from ${files} f
         where f.id = ${id} and f.media_type = ${PDF}
           and (f.owner_id = ${viewer.id}
                or exists (select 1 from ${proposalVersions} v join ${proposals} p on p.id = v.proposal_id
                            where v.document_id = f.id and ${documentVisibleTo(viewer)}))`,
  );
  if (!row) throw new NotFoundError();
  return { name: row.name, bytes: Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength) };
}

/** RFC 6266: an ASCII fallback and the UTF-8 name, so any name downloads as itself. */
export function contentDisposition(name: string) {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
