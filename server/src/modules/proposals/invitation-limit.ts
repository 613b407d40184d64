import { LIMITS } from "@shared/limits";
import { MSG } from "@shared/messages";
import { DAY_MS, formatInZone } from "@shared/time";
import type { Db } from "../../db/client";
import { RateLimitError } from "../../lib/errors";
import { invitationsSentSince } from "./invitations.repository";

/**
 * A student sends at most LIMITS.invitationsPerDay invitations in any 24 hours (DESIGN.md §21), so
 * submitting and withdrawing again and again cannot flood someone with emails. Counted from the
 * activity log's `invite` rows, which the submission writes in its own transaction: a refused or
 * failed submission leaves none, so it uses none of the allowance. The sender's row is locked
 * first (FOR NO KEY UPDATE, which foreign-key checks do not wait for), so one student's
 * simultaneous submissions count one after the other, each seeing those committed before it.
 * Past the limit: 429 saying when the oldest invitation that stands in the way turns a day old.
 */
export async function assertInvitationsLeft(
  tx: Db,
  senderId: string,
  invitations: number,
  now: Date,
  timeZone: string,
) {
  if (invitations === 0) return;
  const sent = await invitationsSentSince(tx, senderId, new Date(now.getTime() - DAY_MS));
  const over = sent.length + invitations - LIMITS.invitationsPerDay;
  if (over <= 0) return;
  // Once this many of the oldest are a day old, the new ones fit.
  const oldest = sent[Math.min(over, sent.length) - 1];
  const from = new Date((oldest ? new Date(oldest.at).getTime() : now.getTime()) + DAY_MS);
  throw new RateLimitError(
    MSG.tooManyInvitations(LIMITS.invitationsPerDay, formatInZone(from.toISOString(), timeZone)),
    Math.max(1, Math.ceil((from.getTime() - now.getTime()) / 1000)),
  );
}
