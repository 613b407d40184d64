import { createHash, randomBytes } from "node:crypto";
import { and, eq, ne, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { verifications } from "../../db/schema";

/*
 * The one module that knows how better-auth stores a password reset token (decision 0048):
 * a `verifications` row whose identifier is "reset-password:<token>" hashed by the function we
 * give better-auth for that prefix (SHA-256, base64url: a copy of the database holds no usable
 * link) and whose value is the user's id. better-auth's own requestPasswordReset mints the
 * forgot-password tokens and its resetPassword consumes every token; the links we mint here are
 * written in the caller's transaction, with their email, which its API cannot do.
 */

/** better-auth's identifier prefix for a reset token (its requestPasswordReset and resetPassword). */
const RESET_IDENTIFIER_PREFIX = "reset-password:";

/** How a reset token's identifier is stored: given to better-auth as `verification.storeIdentifier`. */
const hashIdentifier = async (identifier: string) =>
  createHash("sha256").update(identifier).digest("base64url");

/** better-auth's `verification.storeIdentifier` option: reset tokens hashed, the rest as they are. */
export const storeIdentifier = {
  default: "plain" as const,
  overrides: { [RESET_IDENTIFIER_PREFIX]: { hash: hashIdentifier } },
};

/** A new token: 24 random bytes, base64url. */
export const newToken = () => randomBytes(24).toString("base64url");

/** A token's identifier as better-auth stores it (hashed). */
export const tokenIdentifier = (token: string) => hashIdentifier(`${RESET_IDENTIFIER_PREFIX}${token}`);

/** The verifications row of a token, as better-auth would store it. */
export async function tokenRow(token: string, userId: string, expiresAt: Date) {
  return { identifier: await tokenIdentifier(token), value: userId, expiresAt };
}

/** Stores a token for the user, in the caller's transaction. */
export async function insertResetToken(tx: Db, token: string, userId: string, expiresAt: Date) {
  await tx.insert(verifications).values(await tokenRow(token, userId, expiresAt));
}

/**
 * Stores tokens for users made in the same statement: `rows` is a query of (identifier, user id)
 * pairs, the identifiers from tokenIdentifier. A part of the import's one statement.
 */
export const insertResetTokensFrom = (rows: SQL, expiresAt: Date) =>
  sql`insert into ${verifications} (identifier, value, expires_at)
      select identifier, user_id::text, ${expiresAt.toISOString()}::timestamptz from (${rows}) as t(identifier, user_id)`;

/** The user a token was made for, while it is valid; undefined for a used, expired or made-up one. */
export async function tokenUser(db: Db, token: string, now: Date): Promise<string | undefined> {
  const identifier = await tokenIdentifier(token);
  const [row] = await db
    .select({ value: verifications.value, expiresAt: verifications.expiresAt })
    .from(verifications)
    .where(eq(verifications.identifier, identifier))
    .limit(1);
  return row && row.expiresAt > now ? row.value : undefined;
}

/** Whether a token is still stored (not used, not revoked). */
export async function tokenStored(db: Db, token: string): Promise<boolean> {
  const identifier = await tokenIdentifier(token);
  const [row] = await db
    .select({ id: verifications.id })
    .from(verifications)
    .where(eq(verifications.identifier, identifier));
  return !!row;
}

/**
 * Deletes every reset token still out for a user, but `keep` when given. (A reset token is the
 * only verification whose value is a bare user id; its identifier is hashed.)
 */
export async function deleteResetTokens(db: Db, userId: string, keep?: string) {
  const theirs = eq(verifications.value, userId);
  const except = keep === undefined ? undefined : await tokenIdentifier(keep);
  await db.delete(verifications).where(except ? and(theirs, ne(verifications.identifier, except)) : theirs);
}
