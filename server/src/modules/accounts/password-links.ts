import { randomBytes } from "node:crypto";
import { LIMITS } from "@shared/limits";
import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { transaction } from "../../db/query";
import { accounts, users, verifications } from "../../db/schema";
import { hashIdentifier, RESET_IDENTIFIER_PREFIX } from "../../plugins/auth";
import { emails, passwordLinkUrl } from "../outbox/emails";
import { enqueueEmails } from "../outbox/outbox.service";

/**
 * Password links (DESIGN.md §12). A link carries a one-time token that better-auth's own
 * resetPassword consumes: tokens that better-auth makes (forgot password) and those made here
 * (the committee's links, the import's) are stored alike, as a `verifications` row whose
 * identifier is the hashed "reset-password:<token>" and whose value is the user's id. Links made
 * here are written in the caller's transaction, with their email, so both exist or neither.
 */

export type PasswordLinkKind = "reset" | "set";

export const LINK_SECONDS: Record<PasswordLinkKind, number> = {
  reset: LIMITS.resetLinkSeconds,
  set: LIMITS.setPasswordLinkSeconds,
};

export const newToken = () => randomBytes(24).toString("base64url");

/** A token's identifier as better-auth stores it (hashed). */
export const tokenIdentifier = (token: string) => hashIdentifier(`${RESET_IDENTIFIER_PREFIX}${token}`);

/** The verifications row of a token, as better-auth would store it. */
export async function tokenRow(token: string, userId: string, expiresAt: Date) {
  return { identifier: await tokenIdentifier(token), value: userId, expiresAt };
}

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

/**
 * Every password link still out for a user, but `keep` (an identifier) when given: one that was
 * used makes the others worthless, and a new link or a new email address revokes the earlier ones
 * (DESIGN.md §21). (A reset token is the only verification whose value is a bare user id; its
 * identifier is hashed.)
 */
export async function deletePasswordLinks(db: Db, userId: string, keep?: string) {
  const theirs = eq(verifications.value, userId);
  await db.delete(verifications).where(keep ? and(theirs, ne(verifications.identifier, keep)) : theirs);
}

/** Whether the account has a password (an imported one has none until its link is used). */
export async function hasPassword(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")))
    .limit(1);
  return !!row;
}

/**
 * Makes a link for one person and writes its email, in the caller's transaction (which holds the
 * person's row): "reset" (one hour) or "set" (seven days, for an account that has no password
 * yet). The person's earlier links stop working.
 */
export async function sendPasswordLink(
  tx: Db,
  input: {
    userId: string;
    kind: PasswordLinkKind;
    publicUrl: string;
    now: Date;
    /** For "set": who made the account, and as what. */
    by?: { name: string; role: string };
  },
) {
  const token = newToken();
  const expiresAt = new Date(input.now.getTime() + LINK_SECONDS[input.kind] * 1000);
  await deletePasswordLinks(tx, input.userId);
  await tx.insert(verifications).values(await tokenRow(token, input.userId, expiresAt));
  const url = passwordLinkUrl(input.publicUrl, token, input.kind);
  const email =
    input.kind === "reset"
      ? emails.passwordReset(url)
      : emails.setPassword(url, {
          role: input.by?.role ?? "ThesisDesk",
          by: input.by?.name ?? "The committee",
        });
  await enqueueEmails(tx, [input.userId], email, { always: true });
}

/**
 * The email of a token better-auth made for a forgot-password request (its sendResetPassword),
 * which revokes the person's earlier links. better-auth stored the token already, outside any
 * transaction of ours, so links made at once are put in order by the person's row: each in its
 * turn revokes the others, unless it was revoked itself before its turn, when it sends nothing.
 * One link stays, and it is one that was emailed.
 */
export async function writeResetEmail(db: Db, publicUrl: string, userId: string, token: string) {
  const identifier = await tokenIdentifier(token);
  await transaction(db, async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const [mine] = await tx
      .select({ id: verifications.id })
      .from(verifications)
      .where(eq(verifications.identifier, identifier));
    if (!mine) return;
    await deletePasswordLinks(tx, userId, identifier);
    await enqueueEmails(tx, [userId], emails.passwordReset(passwordLinkUrl(publicUrl, token, "reset")), {
      always: true,
    });
  });
}
