import { LIMITS } from "@shared/limits";
import { MSG } from "@shared/messages";
import type { User } from "@shared/schemas/auth";
import { type ChangePasswordInput, PICTURE_FILE_RE, PICTURE_MSG } from "@shared/schemas/profile";
import { isAPIError } from "better-auth/api";
import type { FastifyRequest } from "fastify";
import type { Db } from "../../db/client";
import { transaction } from "../../db/query";
import { AppError, fieldError, NotFoundError, RateLimitError, ValidationError } from "../../lib/errors";
import { giveBack, type Limit, take } from "../../lib/rate-limit";
import { type Auth, authHeaders, type SessionUser } from "../../plugins/auth";
import { findUserById } from "../accounts/accounts.repository";
import { toUserDto } from "../accounts/user-dto";
import { deleteFile, insertFile, selectPicture } from "../files/files.repository";
import { toSquareWebp } from "./picture";
import { swapPicture, updateEmailNotifications, updateUserName } from "./profile.repository";

export const PROFILE_MSG = {
  tooManyWrongPasswords: "Too many wrong passwords. Please wait a few minutes and try again.",
} as const;

export async function updateName(db: Db, user: SessionUser, name: string): Promise<User> {
  return toUserDto(await updateUserName(db, user.id, name));
}

/** Email notifications on or off; off means the outbox writes nothing for this user. */
export async function setEmailNotifications(db: Db, user: SessionUser, on: boolean): Promise<User> {
  return toUserDto(await updateEmailNotifications(db, user.id, on));
}

/** Wrong current passwords per account: a stolen session must not become a password oracle. */
const passwordLimit = (userId: string): Limit => ({
  key: `password:acct:${userId}`,
  max: 10,
  windowSeconds: 300,
});

/**
 * Changes the password through better-auth, which checks the current one, ends every other
 * session and opens a fresh one for this browser: the returned cookies replace the old one.
 */
export async function changePassword(
  db: Db,
  auth: Auth,
  request: FastifyRequest,
  user: SessionUser,
  input: Required<ChangePasswordInput>,
): Promise<string[]> {
  // Taken before the check, so simultaneous wrong passwords cannot slip past the limit.
  const limit = passwordLimit(user.id);
  const attempt = await take(db, limit);
  if (!attempt.allowed) throw new RateLimitError(PROFILE_MSG.tooManyWrongPasswords, attempt.retryAfter);
  let wrong = false;
  try {
    const result = await auth.api.changePassword({
      body: {
        currentPassword: input.currentPassword,
        newPassword: input.newPassword,
        revokeOtherSessions: true,
      },
      headers: authHeaders(request),
      returnHeaders: true,
    });
    return result.headers.getSetCookie();
  } catch (err) {
    if (isAPIError(err) && err.statusCode < 500) {
      if (err.body?.code === "INVALID_PASSWORD") {
        wrong = true;
        throw fieldError("currentPassword", MSG.wrongCurrentPassword);
      }
      if (err.statusCode === 401) throw new AppError(401, "UNAUTHENTICATED", MSG.signInRequired);
      throw new ValidationError(err.message || "The password could not be changed.");
    }
    throw err;
  } finally {
    // Only a wrong current password counts; anything else gives its attempt back.
    if (!wrong) await giveBack(db, [limit]);
  }
}

/** Reads the one `file` part of a multipart upload, refusing more than 5 MB before reading it all. */
export async function readPictureUpload(request: FastifyRequest): Promise<Buffer> {
  // A body announced as far larger than any allowed picture is refused unread.
  const announced = Number(request.headers["content-length"] ?? 0);
  if (announced > LIMITS.pictureBytesMax + 64 * 1024)
    throw new AppError(413, "PAYLOAD_TOO_LARGE", PICTURE_MSG.tooLarge);
  const part = await request.file();
  if (part?.fieldname !== "file") throw fieldError("file", PICTURE_MSG.missing);
  try {
    return await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE")
      throw new AppError(413, "PAYLOAD_TOO_LARGE", PICTURE_MSG.tooLarge);
    throw err;
  }
}

/** Stores the re-encoded picture and points the user at it; the old one goes in the same transaction. */
export async function setPicture(db: Db, user: SessionUser, upload: Buffer): Promise<User> {
  if (upload.length === 0) throw fieldError("file", PICTURE_MSG.missing);
  const webp = await toSquareWebp(upload);
  await transaction(db, async (tx) => {
    const fileId = await insertFile(tx, {
      ownerId: user.id,
      name: "picture.webp",
      mediaType: "image/webp",
      bytes: webp,
    });
    const old = await swapPicture(tx, user.id, fileId);
    if (old) await deleteFile(tx, old);
  });
  return toUserDto(await findUserById(db, user.id));
}

/** A profile picture by its file name (`<file id>.webp`); any other name, or a file that is not someone's picture, is 404. */
export async function readPicture(db: Db, file: string): Promise<Buffer> {
  if (!PICTURE_FILE_RE.test(file)) throw new NotFoundError();
  const bytes = await selectPicture(db, file.slice(0, -".webp".length));
  if (!bytes) throw new NotFoundError();
  return bytes;
}
