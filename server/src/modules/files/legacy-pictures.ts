import { readdir, readFile, rmdir, unlink } from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client";
import { transaction } from "../../db/query";
import { adoptLegacyPicture, selectLegacyPictures } from "./files.repository";

/**
 * Profile pictures used to be files under DATA_DIR/uploads/pictures/<key>.webp. At start-up each
 * one still named by a user (users.picture_key) moves into the files table, keeping its id, and
 * the disk file goes once its row is committed. A picture that cannot be read is logged as an
 * error and its key kept, so it is tried again at the next start (restore the file and restart);
 * nothing is dropped silently. Files that no user names are left where they are, and logged.
 * Several instances may start at once: a user's row is locked while their picture moves.
 */
export async function moveLegacyPictures(db: Db, dataDir: string, log: FastifyBaseLogger): Promise<void> {
  const dir = path.join(dataDir, "uploads", "pictures");
  const waiting = await selectLegacyPictures(db);
  let moved = 0;
  for (const { id: userId, key } of waiting) {
    const file = path.join(dir, `${key}.webp`);
    let bytes: Buffer;
    try {
      bytes = await readFile(file);
    } catch (err) {
      log.error(
        { err, userId, file },
        "profile picture: cannot read it to move it into the database; kept for the next start",
      );
      continue;
    }
    const done = await transaction(db, (tx) => adoptLegacyPicture(tx, userId, key!, bytes));
    if (done) moved++;
    await unlink(file).catch(() => {});
  }
  if (moved) log.info({ moved }, "profile pictures moved from disk into the database");
  // What is left on disk is named by no user: an old picture whose removal failed, or a stray file.
  const left = await readdir(dir).catch(() => null);
  if (left?.length)
    log.warn(
      { dir, files: left.length },
      "files under the old pictures folder that no user names; not moved",
    );
  else if (left)
    await rmdir(dir).then(
      () => rmdir(path.dirname(dir)).catch(() => {}),
      () => {},
    );
}
