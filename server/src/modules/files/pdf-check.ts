import { LIMITS } from "@shared/limits";
import { WorkerPool } from "../../lib/worker-pool";

/**
 * What one PDF check allows. Parameters, not constants of the worker: a proposal's document and
 * a thesis (Part III, up to 50 MB) are checked by the same function with limits of their own.
 */
export interface PdfLimits {
  /** The check is stopped (its worker terminated) and the file refused after this long on a worker. */
  timeLimitMs: number;
  /** More pages than this are refused before any page is read. */
  pagesMax: number;
  /**
   * Bytes pdf.js may allocate in typed arrays while it reads (the streams it inflates): these
   * live outside the heap, so the worker's heap limit does not bound them.
   */
  inflatedBytesMax: number;
}

/** A proposal's document (DESIGN.md §10, §21). */
export const DOCUMENT_LIMITS: PdfLimits = {
  timeLimitMs: 10_000,
  pagesMax: LIMITS.documentPagesMax,
  inflatedBytesMax: 64 * 1024 * 1024,
};

/**
 * A thesis's document (DESIGN.md §16, decision 0080): two and a half times the bytes, so more time
 * to read its cross-reference table and more inflated streams; the same page limit.
 */
export const THESIS_LIMITS: PdfLimits = {
  timeLimitMs: 25_000,
  pagesMax: LIMITS.documentPagesMax,
  inflatedBytesMax: 160 * 1024 * 1024,
};

export type PdfVerdict = "ok" | "unreadable" | "too-many-pages" | "too-much-data";

interface Job {
  bytes: ArrayBuffer;
  offset: number;
  length: number;
  pagesMax: number;
  inflatedBytesMax: number;
}

/** What pdf-check.worker.mjs answers. */
interface Answer {
  verdict: PdfVerdict;
  pages?: number;
  sha256?: string;
  bytes: ArrayBuffer;
}

export interface PdfCheck {
  verdict: PdfVerdict;
  pages?: number;
  /** The file's bytes, handed back by the worker, and their SHA-256 (verdict "ok" only). */
  bytes: Buffer;
  sha256?: string;
}

export interface PdfCheckerOptions {
  /** Checks running at once (one worker thread each). */
  threads: number;
  /** Checks that wait for a worker at most; past it a check is refused with PoolBusyError (503). */
  queueMax: number;
  /** Each worker's heap (old generation), in MB. */
  heapMb: number;
}

/**
 * Checks PDFs off the main thread (decision 0037), in a bounded pool of workers. A check that
 * passes its time limit or the heap limit ends with WorkerLimitError; a full queue with
 * PoolBusyError, at once.
 */
export class PdfChecker {
  private readonly pool: WorkerPool<Job, Answer>;

  constructor(options: PdfCheckerOptions) {
    this.pool = new WorkerPool({
      file: new URL("./pdf-check.worker.mjs", import.meta.url),
      threads: options.threads,
      queueMax: options.queueMax,
      resourceLimits: { maxOldGenerationSizeMb: options.heapMb, maxYoungGenerationSizeMb: 32 },
    });
  }

  /**
   * Reads the PDF through to its last page. The bytes' memory is handed to the worker, not
   * copied (Node copies only the small Buffers it keeps in a shared pool): the Buffer passed in
   * is empty afterwards, and the answer carries the bytes back.
   */
  async check(bytes: Buffer, limits: PdfLimits): Promise<PdfCheck> {
    const buffer = bytes.buffer as ArrayBuffer;
    const { byteOffset: offset, length } = bytes;
    const answer = await this.pool.run(
      {
        bytes: buffer,
        offset,
        length,
        pagesMax: limits.pagesMax,
        inflatedBytesMax: limits.inflatedBytesMax,
      },
      { timeLimitMs: limits.timeLimitMs, transfer: [buffer] },
    );
    return {
      verdict: answer.verdict,
      pages: answer.pages,
      sha256: answer.sha256,
      bytes: Buffer.from(answer.bytes, offset, length),
    };
  }

  /** Checks running or waiting now. */
  get pending(): number {
    return this.pool.pending;
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
