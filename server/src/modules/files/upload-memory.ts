import { MSG } from "@shared/messages";
import { DOCUMENT_BYTES_MAX, type DocumentPurpose } from "@shared/schemas/files";
import type { FastifyRequest } from "fastify";
import { AppError } from "../../lib/errors";

/** What a multipart body carries besides its file (boundaries, headers of the part). */
export const MULTIPART_SLACK = 64 * 1024;

/**
 * The memory that document uploads in progress hold at once (UPLOAD_MEMORY_MB, decision 0080),
 * from before the body is read until the file is stored or refused. The pool bounds the checks
 * that run and wait, not the bodies being read; this bounds the bytes whatever their number. An
 * upload reserves its announced length (a file is no longer than its body), or its purpose's
 * whole limit when no length is announced; past the budget it is refused at once (503, Retry-After).
 */
export class UploadMemory {
  private held = 0;

  constructor(readonly budgetBytes: number) {}

  /** Bytes reserved now. */
  get heldBytes(): number {
    return this.held;
  }

  /** Reserves `bytes`; the answer releases them (once, however often it is called). */
  take(bytes: number): () => void {
    if (this.held + bytes > this.budgetBytes)
      throw new AppError(503, "SERVICE_UNAVAILABLE", MSG.uploadsBusy, undefined, { "retry-after": "5" });
    this.held += bytes;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.held -= bytes;
    };
  }

  /** Reserves what this upload may hold: its body as announced, else its purpose's limit. */
  takeFor(request: FastifyRequest, purpose: DocumentPurpose): () => void {
    const max = DOCUMENT_BYTES_MAX[purpose];
    const announced = Number(request.headers["content-length"] ?? 0);
    return this.take(announced > 0 ? Math.min(announced, max) : max);
  }
}
