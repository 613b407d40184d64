import { MSG } from "@shared/messages";
import type { Invitation } from "@shared/schemas/life";
import type { Proposal } from "@shared/schemas/proposals";
import type { Db } from "../../db/client";
import { iso } from "../../db/query";
import { ConflictError, NotFoundError, PG, pgConstraint, pgErrorCode } from "../../lib/errors";
import { inTransaction, type RequestContext } from "../../lib/request-context";
import type { SessionUser } from "../../plugins/auth";
import { proposalCommand } from "../proposals/command";
import { declineOtherInvitations, recordAnswer } from "../proposals/invitations";
import { lockProposals, openInvitationsOf } from "../proposals/invitations.repository";
import { proposalById } from "../proposals/projection";
import { ACTIVE_MEMBERSHIP_INDEX } from "../proposals/transition";
import { selectLifeFacts } from "../proposals/transition.repository";
import { holdsPlace, markLeft, selectInvitations } from "./groups.repository";

/** The caller's open invitations (DESIGN.md §9), newest first. */
export async function listInvitations(db: Db, user: SessionUser): Promise<Invitation[]> {
  return (await selectInvitations(db, user.id)).map((r) => ({
    proposalId: r.proposal_id,
    title: r.title,
    type: r.type,
    by: { id: r.by_id, name: r.by_name },
    supervisor: r.supervisor_id ? { id: r.supervisor_id, name: r.supervisor_name ?? "" } : null,
    researchCell: r.cell_id ? { id: r.cell_id, title: r.cell_title ?? "" } : null,
    topics: r.topics ?? [],
    term: {
      id: r.term_id,
      name: r.term_name,
      submissionsCloseAt: r.submissions_close_at === null ? null : iso(r.submissions_close_at),
    },
    members: r.members ?? [],
    invitedAt: iso(r.invited_at),
  }));
}

/**
 * The invitee's answer (DESIGN.md §9). Accepting takes their one place in the term (409 naming
 * why when they hold one) and declines their other open invitations in the same transaction;
 * the proposals involved are locked in id order first, so answers to one proposal are counted one
 * after the other and two answers never deadlock. When nobody is left to answer, the proposal
 * moves on and its supervisor is told.
 */
export async function answerInvitation(
  ctx: RequestContext<SessionUser>,
  proposalId: string,
  accept: boolean,
): Promise<Proposal | null> {
  const user = ctx.by;
  try {
    return await inTransaction(ctx, async (c) => {
      const seen = await selectLifeFacts(c.db, proposalId, user.id);
      if (!seen || user.role !== "student") throw new NotFoundError();
      if (seen.my_state !== "invited") {
        // Their own invitation, answered already (or declined when they joined another group).
        if (seen.my_state && seen.my_state !== "left") throw new ConflictError(MSG.invitationClosed);
        throw new NotFoundError();
      }
      const others = accept ? await openInvitationsOf(c.db, [user.id], seen.term_id, proposalId) : [];
      await lockProposals(c.db, [proposalId, ...others.map((o) => o.proposal_id)]);
      if (accept && (await holdsPlace(c.db, user.id, seen.term_id)))
        throw new ConflictError(MSG.alreadyInActiveProposal(user.name));
      const answered = await recordAnswer(c, proposalId, accept ? "accept" : "decline");
      if (!answered) throw new ConflictError(MSG.invitationClosed);
      if (!accept) return null;
      await declineOtherInvitations(c, [user.id], seen.term_id, proposalId);
      return proposalById(c.db, proposalId);
    });
  } catch (err) {
    // Another of the student's answers took their place between the check and this one.
    if (pgErrorCode(err) === PG.uniqueViolation && pgConstraint(err) === ACTIVE_MEMBERSHIP_INDEX)
      throw new ConflictError(MSG.alreadyInActiveProposal(user.name));
    throw err;
  }
}

/** An accepted member (not the creator) leaves before the proposal reaches a supervisor. */
export async function leaveGroup(ctx: RequestContext<SessionUser>, proposalId: string): Promise<void> {
  const user = ctx.by;
  await proposalCommand(
    ctx,
    proposalId,
    ({ parties }, c) => {
      if (parties.includes("creator")) throw new ConflictError(MSG.creatorCannotLeave);
      return {
        action: "leave",
        kind: "invitation",
        subject: { id: user.id, name: user.name },
        after: () => markLeft(c.db, proposalId, user.id),
      };
    },
    true,
  );
}

/** The creator withdraws the proposal (reason optional): its members are freed, open invitations cancelled. */
export function withdrawProposal(ctx: RequestContext, proposalId: string, reason: string): Promise<Proposal> {
  return proposalCommand(ctx, proposalId, () => ({ action: "withdraw", text: reason }), true);
}
