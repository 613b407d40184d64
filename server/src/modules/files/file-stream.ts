import { Readable } from "node:stream";
import type { Db } from "../../db/client";
import { selectFileChunk } from "./files.repository";

/**
 * How much of a stored file one statement reads. A 50 MB thesis is 50 statements; a piece is
 * small enough that neither driver holds much at once (PGlite's hex text of it is 2 MB).
 */
export const FILE_CHUNK_BYTES = 1024 * 1024;

/**
 * A stored file's bytes as a stream (decision 0080), read in pieces of FILE_CHUNK_BYTES as the
 * response takes them: no request holds the whole file in memory, and no connection is held
 * while a slow client reads (each piece is a statement, exempt from the statement limit, in a
 * transaction of its own). Stored files never change, so the pieces are of one file; one that
 * is deleted meanwhile, or answers other than `size` bytes, ends the stream with an error.
 */
export function fileStream(db: Db, id: string, size: number, chunkBytes = FILE_CHUNK_BYTES): Readable {
  async function* pieces() {
    for (let offset = 0; offset < size; offset += chunkBytes) {
      const want = Math.min(chunkBytes, size - offset);
      const chunk = await selectFileChunk(db, id, offset, want);
      if (!chunk || chunk.length !== want)
        throw new Error(`file ${id}: ${offset} of ${size} bytes read, then none`);
      yield chunk;
    }
  }
  // Not object mode: the stream reads the next piece only once the response has taken the last.
  return Readable.from(pieces(), { objectMode: false, highWaterMark: chunkBytes });
}
