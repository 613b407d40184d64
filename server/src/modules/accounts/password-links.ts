import { LIMITS } from "@shared/limits";
import type { Db } from "../../db/client";
import { transaction } from "../../db/query";
import { emails, passwordLinkUrl } from "../outbox/emails";
import { enqueueEmails } from "../outbox/outbox.service";
import { lockUser } from "./accounts.repository";
import { deleteResetTokens, insertResetToken, newToken, tokenStored } from "./reset-tokens.repository";

/**
 * Password links (DESIGN.md §12). A link carries a one-time token that better-auth's own
 * resetPassword consumes: tokens that better-auth makes (forgot password) and those made here
 * (the committee's links, the import's) are stored alike (reset-tokens.repository.ts). Links made
 * here are written in the caller's transaction, with their email, so both exist or neither.
 */

export type PasswordLinkKind = "reset" | "set";

export const LINK_SECONDS: Record<PasswordLinkKind, number> = {
  reset: LIMITS.resetLinkSeconds,
  set: LIMITS.setPasswordLinkSeconds,
};

/**
 * Makes a link for one person and writes its email, in the caller's transaction (which holds the
 * person's row): "reset" (one hour) or "set" (seven days, for an account that has no password
 * yet). The person's earlier links stop working (DESIGN.md §21).
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
  await deleteResetTokens(tx, input.userId);
  await insertResetToken(tx, token, input.userId, expiresAt);
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
  await transaction(db, async (tx) => {
    await lockUser(tx, userId);
    if (!(await tokenStored(tx, token))) return;
    await deleteResetTokens(tx, userId, token);
    await enqueueEmails(tx, [userId], emails.passwordReset(passwordLinkUrl(publicUrl, token, "reset")), {
      always: true,
    });
  });
}
