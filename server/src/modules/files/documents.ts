import type { Readable } from "node:stream";
import type { Role } from "@shared/enums";
import { LIMITS } from "@shared/limits";
import { MSG } from "@shared/messages";
import { shownTextFrom } from "@shared/schemas/common";
import {
  DOCUMENT_BYTES_MAX,
  DOCUMENT_MSG,
  type DocumentPurpose,
  documentTooLarge,
  type FileRef,
} from "@shared/schemas/files";
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../../db/client";
import { AppError, ForbiddenError, fieldError, NotFoundError } from "../../lib/errors";
import { PoolBusyError, WorkerLimitError } from "../../lib/worker-pool";
import { fileStream } from "./file-stream";
import {
  insertDocumentFile,
  isWritingMember,
  selectOwnFileSize,
  selectVisibleDocument,
} from "./files.repository";
import { DOCUMENT_LIMITS, type PdfCheck, type PdfChecker, type PdfLimits, THESIS_LIMITS } from "./pdf-check";
import { MULTIPART_SLACK } from "./upload-memory";

export const PDF = "application/pdf";

const tooLarge = (purpose: DocumentPurpose) =>
  new AppError(413, "PAYLOAD_TOO_LARGE", documentTooLarge(purpose));
const wrongType = () => new AppError(415, "UNSUPPORTED_MEDIA_TYPE", DOCUMENT_MSG.wrongType);

/** The first memory set aside for a body of unannounced length; it doubles as the body comes. */
const UNANNOUNCED_START = 4 * 1024 * 1024;

/**
 * The uploaded file's bytes and name (multipart field `file`), at most its purpose's limit
 * (20 MB, a thesis's 50 MB); past it 413 as soon as the limit is passed, the rest unread.
 */
export async function readDocumentUpload(
  request: FastifyRequest,
  purpose: DocumentPurpose,
): Promise<{ name: string; bytes: Buffer }> {
  const max = DOCUMENT_BYTES_MAX[purpose];
  // A body announced as far larger than any allowed document is refused unread.
  const announced = Number(request.headers["content-length"] ?? 0);
  if (announced > max + MULTIPART_SLACK) throw tooLarge(purpose);
  const part = await request.file({ limits: { fileSize: max, files: 1 } });
  if (part?.fieldname !== "file") throw fieldError("file", DOCUMENT_MSG.missing);
  // Each chunk is copied as it arrives into memory set aside for the body as announced (the file
  // is no longer than its body), not for the largest allowed document: joining the chunks at the
  // end would hold the main thread for one long copy. Without a length, the memory starts at
  // 4 MB and doubles. It is whole and its own, so the check's worker can take it uncopied.
  let bytes = Buffer.allocUnsafeSlow(
    announced > 0 ? Math.min(announced, max) : Math.min(UNANNOUNCED_START, max),
  );
  let length = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    if (length + chunk.length > max) throw tooLarge(purpose);
    if (length + chunk.length > bytes.length) {
      const grown = Buffer.allocUnsafeSlow(Math.min(max, Math.max(bytes.length * 2, length + chunk.length)));
      bytes.copy(grown, 0, 0, length);
      bytes = grown;
    }
    chunk.copy(bytes, length);
    length += chunk.length;
  }
  if (part.file.truncated) throw tooLarge(purpose);
  return { name: part.filename, bytes: bytes.subarray(0, length) };
}

/**
 * Who may upload for this purpose: anyone signed in a proposal's document; a thesis document
 * (up to 50 MB) only a student member of a thesis in Writing (DESIGN.md §16, decision 0080), else 403.
 */
export async function assertMayUpload(db: Db, user: { id: string; role: Role }, purpose: DocumentPurpose) {
  if (purpose === "thesis" && (user.role !== "student" || !(await isWritingMember(db, user.id))))
    throw new ForbiddenError(DOCUMENT_MSG.thesisOnly);
}

/**
 * Whether the bytes are a PDF that a PDF library reads through to its last page (DESIGN.md §10),
 * checked off the main thread within `limits` (§21, decision 0037); what the file is comes from
 * its content, never its name or declared type. Answers the bytes (handed back by the worker)
 * with their SHA-256; refuses with the error the person sees. `bytes` is empty afterwards.
 */
export async function checkPdf(
  checker: PdfChecker,
  bytes: Buffer,
  limits: PdfLimits,
  log?: FastifyBaseLogger,
): Promise<Required<Pick<PdfCheck, "bytes" | "sha256">>> {
  let result: PdfCheck;
  try {
    result = await checker.check(bytes, limits);
  } catch (err) {
    if (err instanceof PoolBusyError)
      throw new AppError(503, "SERVICE_UNAVAILABLE", MSG.uploadsBusy, undefined, { "retry-after": "5" });
    if (err instanceof WorkerLimitError) {
      log?.warn({ reason: err.reason }, "pdf check: stopped at a limit");
      throw fieldError("file", DOCUMENT_MSG.tooComplex);
    }
    throw err;
  }
  if (result.verdict === "too-many-pages")
    throw new AppError(413, "PAYLOAD_TOO_LARGE", DOCUMENT_MSG.tooManyPages, {
      file: DOCUMENT_MSG.tooManyPages,
    });
  if (result.verdict === "too-much-data") throw fieldError("file", DOCUMENT_MSG.tooComplex);
  if (result.verdict !== "ok" || !result.sha256) throw fieldError("file", DOCUMENT_MSG.unreadable);
  return { bytes: result.bytes, sha256: result.sha256 };
}

/**
 * A file name safe to show and to send back: no path, no control characters, ends in .pdf. Others
 * see it, so it is cleaned as a single sign-on name is (DESIGN.md §13, decision 0043): direction
 * controls dropped, "document" when nothing visible is left.
 */
export function documentName(raw: string | undefined): string {
  const base = shownTextFrom(
    (raw ?? "")
      .split(/[\\/]/)
      .pop()!
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
      .replace(/[\u0000-\u001f\u007f"]/g, ""),
    LIMITS.documentNameMax - 4,
  );
  const name = base ?? "document";
  return name.toLowerCase().endsWith(".pdf") ? name : `${name}.pdf`;
}

/** Checks and stores an uploaded PDF for its owner; nothing is kept when it is refused. */
export async function storeDocument(
  deps: { db: Db; pdfChecker: PdfChecker; log?: FastifyBaseLogger },
  ownerId: string,
  upload: { name: string; bytes: Buffer },
  purpose: DocumentPurpose = "proposal",
): Promise<FileRef> {
  if (upload.bytes.length === 0) throw fieldError("file", DOCUMENT_MSG.missing);
  if (upload.bytes.length > DOCUMENT_BYTES_MAX[purpose]) throw tooLarge(purpose);
  if (upload.bytes.subarray(0, 5).toString("latin1") !== "%PDF-") throw wrongType();
  const limits = purpose === "thesis" ? THESIS_LIMITS : DOCUMENT_LIMITS;
  const { bytes, sha256 } = await checkPdf(deps.pdfChecker, upload.bytes, limits, deps.log);
  const name = documentName(upload.name);
  const id = await insertDocumentFile(deps.db, { ownerId, name, mediaType: PDF, bytes, sha256 });
  return { id, name, size: bytes.length };
}

/**
 * A document a submission, a version or a draft refers to must be a PDF its author uploaded, no
 * larger than its purpose allows: a thesis-sized upload never becomes a proposal's document.
 */
export async function assertOwnDocument(
  db: Db,
  id: string,
  ownerId: string,
  purpose: DocumentPurpose = "proposal",
) {
  const size = await selectOwnFileSize(db, id, ownerId, PDF);
  if (size === undefined) throw fieldError("documentId", DOCUMENT_MSG.notFound);
  if (size > DOCUMENT_BYTES_MAX[purpose]) throw fieldError("documentId", DOCUMENT_MSG.tooLargeForProposal);
}

/**
 * A document, to those who may see it: its uploader, and whoever may read the version of a
 * proposal that refers to it (DESIGN.md §9, §10: an invitee the current version's only); to anyone
 * else it is not there (404).
 */
export async function readDocument(db: Db, viewer: { id: string; role: Role }, id: string) {
  const doc = await selectVisibleDocument(db, viewer, id, PDF);
  if (!doc) throw new NotFoundError();
  return { ...doc, stream: fileStream(db, id, doc.size) };
}

/** Sends a stored PDF, streamed (decision 0080), with its name and the headers of documentHeaders. */
export function sendDocument(
  reply: FastifyReply,
  doc: { name: string; size: number; stream: Readable },
  view: "download" | "inline",
) {
  return reply
    .type(PDF)
    .headers({ ...documentHeaders(doc.name, view), "content-length": String(doc.size) })
    .send(doc.stream);
}

/** RFC 6266: an ASCII fallback and the UTF-8 name, so any name downloads as itself. */
export function contentDisposition(name: string, type: "attachment" | "inline" = "attachment") {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * The headers a stored document is served with (DESIGN.md §10): its name, nosniff, and a CSP that
 * sandboxes it (no script of its own, no origin, nothing loaded). A download may be framed by no
 * page (SECURITY_HEADERS); `inline` is the same document shown in a frame of this app's own pages
 * (the review's preview, decision 0059), so only those may frame it.
 */
export function documentHeaders(name: string, view: "download" | "inline"): Record<string, string> {
  const sandbox = "sandbox; default-src 'none'";
  return {
    "content-disposition": contentDisposition(name, view === "inline" ? "inline" : "attachment"),
    "x-content-type-options": "nosniff",
    ...(view === "inline"
      ? { "content-security-policy": `${sandbox}; frame-ancestors 'self'`, "x-frame-options": "SAMEORIGIN" }
      : { "content-security-policy": sandbox }),
  };
}
