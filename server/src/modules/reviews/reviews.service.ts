import { MSG } from "@shared/messages";
import type { Proposal } from "@shared/schemas/proposals";
import type { Db } from "../../db/client";
import { ConflictError, NotFoundError } from "../../lib/errors";
import { transactionWithEvents } from "../../lib/events";
import type { SessionUser } from "../../plugins/auth";
import { emails } from "../outbox/emails";
import { enqueueEmails } from "../outbox/outbox.service";
import { proposalById } from "../proposals/proposals.service";
import { memberIdsOf, releaseMembers, reviewPending, supervisorOf } from "./reviews.repository";

export interface ReviewCommand {
  status: "Approved" | "Denied";
  feedback: string;
}

/**
 * The supervisor's decision on a Pending proposal addressed to them, once. Feedback, the
 * server's time and the reviewer are stored with it; a denial frees the members; the group
 * hears of it live and by email, all in the same transaction.
 */
export async function reviewProposal(
  db: Db,
  publicUrl: string,
  user: SessionUser,
  proposalId: string,
  input: ReviewCommand,
): Promise<Proposal> {
  return transactionWithEvents(db, async (tx, emit) => {
    const reviewed = await reviewPending(tx, proposalId, user.id, input.status, input.feedback);
    if (!reviewed) {
      const owner = await supervisorOf(tx, proposalId);
      // Someone else's proposal looks exactly like a missing one: ids leak nothing.
      if (!owner || owner.supervisorId !== user.id) throw new NotFoundError();
      throw new ConflictError(MSG.alreadyReviewed);
    }
    if (input.status === "Denied") await releaseMembers(tx, proposalId);
    const members = await memberIdsOf(tx, proposalId);
    emit(members, {
      type: "proposal.reviewed",
      proposalId,
      title: reviewed.title,
      status: input.status,
    });
    await enqueueEmails(
      tx,
      members,
      emails.proposalReviewed(publicUrl, {
        title: reviewed.title,
        status: input.status,
        supervisor: user.name,
      }),
    );
    // The proposal as GET /api/proposals/:id shows it.
    return proposalById(tx, proposalId);
  });
}
