import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { selectRow, selectRows } from "../../db/query";
import { files, proposalVersions, users } from "../../db/schema";

export interface NewFile {
  ownerId: string | null;
  name: string;
  mediaType: string;
  bytes: Buffer;
  /**
   * The bytes' SHA-256 (hex) when the caller has it already: a document's check works it out in
   * its worker, since hashing 20 MB would hold the main thread for about 20 ms.
   */
  sha256?: string;
}

/** Stores a file; its size, and its SHA-256 unless given, are worked out here from the bytes. */
export async function insertFile(db: Db, file: NewFile): Promise<string> {
  const [row] = await db
    .insert(files)
    .values({
      ownerId: file.ownerId,
      name: file.name,
      mediaType: file.mediaType,
      size: file.bytes.length,
      sha256: file.sha256 ?? createHash("sha256").update(file.bytes).digest("hex"),
      bytes: file.bytes,
    })
    .returning({ id: files.id });
  return row.id;
}

export async function deleteFile(db: Db, id: string) {
  await db.delete(files).where(eq(files.id, id));
}

/** The bytes of a file that is someone's profile picture (users_picture_idx); other files are not pictures. */
export async function selectPicture(db: Db, id: string): Promise<Buffer | undefined> {
  const row = await selectRow<{ bytes: Uint8Array }>(
    db,
    sql`select f.bytes from ${files} f
         where f.id = ${id} and exists (select 1 from ${users} u where u.picture_id = f.id)`,
  );
  return row ? Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength) : undefined;
}

/**
 * Deletes the files that nothing refers to and that are older than `before` (DESIGN.md §10: an
 * upload not used within a day). What refers to a file is listed here, once.
 */
export async function deleteUnusedFiles(db: Db, before: Date): Promise<number> {
  const rows = await selectRows<{ id: string }>(
    db,
    sql`delete from ${files} f
         where f.created_at < ${before.toISOString()}::timestamptz
           and not exists (select 1 from ${users} u where u.picture_id = f.id)
           and not exists (select 1 from ${proposalVersions} v where v.document_id = f.id)
        returning f.id`,
  );
  return rows.length;
}
