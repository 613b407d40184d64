import { MSG } from "@shared/messages";
import type { Db } from "../../db/client";
import { RateLimitError } from "../../lib/errors";
import { type Limit, take } from "../../lib/rate-limit";

/**
 * Uploads per user (DESIGN.md §21): documents and pictures together. Generous for a person (a
 * document per version, a few tries), while one account cannot keep the checking workers busy.
 */
export const UPLOAD_LIMIT = { max: 20, windowSeconds: 600 } as const;

const uploadLimit = (userId: string): Limit => ({ key: `upload:user:${userId}`, ...UPLOAD_LIMIT });

/**
 * Takes one upload against the user's limit before the body is read: every attempt counts, so
 * simultaneous uploads cannot slip past it (take() is one atomic statement).
 */
export async function takeUpload(db: Db, userId: string): Promise<void> {
  const attempt = await take(db, uploadLimit(userId));
  if (!attempt.allowed) throw new RateLimitError(MSG.tooManyUploads, attempt.retryAfter);
}
