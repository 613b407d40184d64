import { createHash } from "node:crypto";
import type { Role } from "@shared/enums";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { selectRow, selectRows, untimed } from "../../db/query";
import {
  files,
  proposalMembers,
  proposals,
  proposalVersions,
  theses,
  thesisDrafts,
  users,
} from "../../db/schema";
import { documentVisibleTo } from "../proposals/visibility";
import { thesisVisibleTo } from "../theses/visibility";

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

/**
 * Stores a document (up to 50 MB, decision 0080) in one statement, in a transaction of its own
 * exempt from the statement limit: the driver sends the bytes as they are (node-postgres a binary
 * parameter, PGlite hex made by one native call); writing them in pieces would rewrite the stored
 * value at each piece.
 */
export const insertDocumentFile = (db: Db, file: NewFile) => untimed(db, (tx) => insertFile(tx, file));

/**
 * A stored file's bytes from `offset` (from 0), at most `length` of them; undefined when the file
 * is gone. One statement in a transaction of its own, exempt from the statement limit: a download
 * is read in such pieces, holding no connection between them (decision 0080).
 */
export async function selectFileChunk(db: Db, id: string, offset: number, length: number) {
  const row = await untimed(db, (tx) =>
    selectRow<{ chunk: Uint8Array }>(
      tx,
      sql`select substring(f.bytes from ${offset + 1}::int for ${length}::int) as chunk
            from ${files} f where f.id = ${id}`,
    ),
  );
  return row && Buffer.from(row.chunk.buffer, row.chunk.byteOffset, row.chunk.byteLength);
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
 * upload not used within a day), or of `only` those (retention: the files of the versions it
 * removed, DESIGN.md §19). What refers to a file is listed here, once.
 */
export async function deleteUnusedFiles(db: Db, before: Date, only?: string[]): Promise<number> {
  const ids =
    only &&
    sql`and f.id in (${sql.join(
      only.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`;
  const rows = await selectRows<{ id: string }>(
    db,
    sql`delete from ${files} f
         where f.created_at < ${before.toISOString()}::timestamptz ${ids ?? sql``}
           and not exists (select 1 from ${users} u where u.picture_id = f.id)
           and not exists (select 1 from ${proposalVersions} v where v.document_id = f.id)
           and not exists (select 1 from ${thesisDrafts} d where d.document_id = f.id)
        returning f.id`,
  );
  return rows.length;
}

/** The size of a file of this media type that this person uploaded; undefined when there is none. */
export async function selectOwnFileSize(db: Db, id: string, ownerId: string, mediaType: string) {
  const row = await selectRow<{ size: number }>(
    db,
    sql`select size from ${files} where id = ${id} and owner_id = ${ownerId} and media_type = ${mediaType}`,
  );
  return row?.size;
}

/** Whether the person is an accepted member of a thesis being written (DESIGN.md §16): who uploads a thesis document. */
export async function isWritingMember(db: Db, userId: string): Promise<boolean> {
  const row = await selectRow(
    db,
    sql`select 1 from ${theses} th join ${proposalMembers} m on m.proposal_id = th.proposal_id
         where m.user_id = ${userId} and m.state = 'accepted' and th.state = 'Writing' limit 1`,
  );
  return !!row;
}

/**
 * A document of this media type, if the viewer may see it: its uploader, and whoever may read the
 * version of a proposal that refers to it (documentVisibleTo), or who may see the thesis whose
 * draft it is (thesisVisibleTo, DESIGN.md §16): its name and size; its bytes are read in pieces.
 */
export async function selectVisibleDocument(
  db: Db,
  viewer: { id: string; role: Role },
  id: string,
  mediaType: string,
) {
  return selectRow<{ name: string; size: number }>(
    db,
    sql`select f.name, f.size from ${files} f
         where f.id = ${id} and f.media_type = ${mediaType}
           and (f.owner_id = ${viewer.id}
                or exists (select 1 from ${proposalVersions} v join ${proposals} p on p.id = v.proposal_id
                            where v.document_id = f.id and ${documentVisibleTo(viewer)})
                or exists (select 1 from ${thesisDrafts} d join ${theses} th on th.id = d.thesis_id
                             join ${proposals} p on p.id = th.proposal_id
                            where d.document_id = f.id and ${thesisVisibleTo(viewer)}))`,
  );
}

/** The users whose picture still waits on disk (users.picture_key), with its key. */
export const selectLegacyPictures = (db: Db) =>
  db.select({ id: users.id, key: users.pictureKey }).from(users).where(isNotNull(users.pictureKey));

/**
 * Points the user at the picture moved in from disk, if they still name that key: their row is
 * locked first, so two instances never move one picture twice. The caller provides the
 * transaction; false when it was moved by another instance, or replaced meanwhile.
 */
export async function adoptLegacyPicture(
  tx: Db,
  userId: string,
  key: string,
  bytes: Buffer,
): Promise<boolean> {
  const [row] = await tx
    .select({ key: users.pictureKey })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.pictureKey, key)))
    .for("update");
  if (!row) return false;
  const fileId = await insertFile(tx, {
    ownerId: userId,
    name: "picture.webp",
    mediaType: "image/webp",
    bytes,
  });
  await tx.update(users).set({ pictureId: fileId, pictureKey: null }).where(eq(users.id, userId));
  return true;
}
