import { isActiveStatus } from "@shared/enums";
import { MSG } from "@shared/messages";
import type { DecisionInput } from "@shared/schemas/life";
import type { Proposal } from "@shared/schemas/proposals";
import type { Db } from "../../db/client";
import { fieldError } from "../../lib/errors";
import { transactionWithEvents } from "../../lib/events";
import type { SessionUser } from "../../plugins/auth";
import { declineOtherInvitations, happening } from "../proposals/invitations";
import type { LifeContext } from "../proposals/life-context";
import { PROPOSAL_MSG, proposalById } from "../proposals/proposals.service";
import { tell } from "../proposals/tell";
import { applyTransition, factsFor } from "../proposals/transition";
import { selectTerm } from "../terms/terms.repository";
import { assertPlaceLeft } from "../terms/terms.service";
import { assertTakesProposals } from "../users/active-supervisor";
import { supervisorOfCell } from "./reviews.repository";

export interface ReviewCommand {
  status: "Approved" | "Denied" | "Changes requested";
  feedback: string;
}

const REVIEW_ACTION = { Approved: "approve", Denied: "deny", "Changes requested": "requestChanges" } as const;

/**
 * The supervisor's review of a Pending proposal addressed to them (DESIGN.md §9): approve (on to
 * the committee when the term asks for it), deny, or request changes before the term's revisions
 * close. Feedback, the time and the reviewer are stored with it; the timeline row, the emails and
 * (after the commit) the live events go with it; a denial frees the members.
 */
export async function reviewProposal(
  db: Db,
  ctx: LifeContext,
  user: SessionUser,
  proposalId: string,
  input: ReviewCommand,
): Promise<Proposal> {
  return transactionWithEvents(db, async (tx, emit) => {
    const { facts, parties } = await factsFor(tx, proposalId, user);
    const action = REVIEW_ACTION[input.status];
    const result = await applyTransition(tx, facts, {
      action,
      actor: user,
      parties,
      now: ctx.now,
      text: input.feedback,
      conflict: MSG.alreadyReviewed,
      set: () => ({ feedback: input.feedback, reviewedAt: ctx.now, reviewedBy: user.id }),
    });
    await tell(tx, emit, happening(ctx, facts, result, { action, actor: user, text: input.feedback }));
    return proposalById(tx, proposalId);
  });
}

/** The committee signs off a proposal Awaiting committee: Approved or Denied (feedback required to deny). */
export async function decideProposal(
  db: Db,
  ctx: LifeContext,
  user: SessionUser,
  proposalId: string,
  input: Required<DecisionInput>,
): Promise<Proposal> {
  return transactionWithEvents(db, async (tx, emit) => {
    const { facts, parties } = await factsFor(tx, proposalId, user);
    const action = input.status === "Approved" ? "approve" : "deny";
    const result = await applyTransition(tx, facts, {
      action,
      actor: user,
      parties,
      now: ctx.now,
      text: input.feedback,
      set: () => ({
        committeeFeedback: input.feedback,
        committeeDecidedAt: ctx.now,
        committeeDecidedBy: user.id,
      }),
    });
    await tell(tx, emit, happening(ctx, facts, result, { action, actor: user, text: input.feedback }));
    return proposalById(tx, proposalId);
  });
}

/**
 * The committee reopens an Approved or Denied proposal (a mistake undone), back to Pending, with a
 * reason. A denied proposal takes its places back in the same transaction: 409 naming what blocks
 * it (a member now in another group, a supervisor with no places left); its members' other open
 * invitations are declined, as for any place taken.
 */
export async function reopenProposal(
  db: Db,
  ctx: LifeContext,
  user: SessionUser,
  proposalId: string,
  reason: string,
): Promise<Proposal> {
  return transactionWithEvents(db, async (tx, emit) => {
    const { facts, parties } = await factsFor(tx, proposalId, user, true);
    const result = await applyTransition(tx, facts, {
      action: "reopen",
      actor: user,
      parties,
      now: ctx.now,
      text: reason,
      before: async () => {
        if (isActiveStatus(facts.status) || !facts.supervisor_id) return;
        const term = (await selectTerm(tx, facts.term_id))!;
        await assertPlaceLeft(tx, term, { id: facts.supervisor_id, name: facts.supervisor_name ?? "" });
      },
      set: () => ({
        feedback: null,
        reviewedAt: null,
        reviewedBy: null,
        committeeFeedback: null,
        committeeDecidedAt: null,
        committeeDecidedBy: null,
      }),
    });
    await declineOtherInvitations(tx, emit, ctx, result.retaken, facts.term_id, proposalId);
    await tell(tx, emit, happening(ctx, facts, result, { action: "reopen", actor: user, text: reason }));
    return proposalById(tx, proposalId);
  });
}

/**
 * The committee gives a proposal to another supervisor of its cell (one who leaves, say): the new
 * supervisor must have a place left in the proposal's term (409 naming them otherwise).
 */
export async function reassignProposal(
  db: Db,
  ctx: LifeContext,
  user: SessionUser,
  proposalId: string,
  supervisorId: string,
): Promise<Proposal> {
  return transactionWithEvents(db, async (tx, emit) => {
    const { facts, parties } = await factsFor(tx, proposalId, user, true);
    if (supervisorId === facts.supervisor_id) throw fieldError("supervisorId", MSG.sameSupervisor);
    const next = facts.research_cell_id
      ? await supervisorOfCell(tx, supervisorId, facts.research_cell_id)
      : undefined;
    if (!next) throw fieldError("supervisorId", PROPOSAL_MSG.supervisorNotInCell);
    await assertTakesProposals(tx, next.id);
    const result = await applyTransition(tx, facts, {
      action: "reassign",
      actor: user,
      parties,
      now: ctx.now,
      subject: next,
      before: async () => {
        const term = (await selectTerm(tx, facts.term_id))!;
        await assertPlaceLeft(tx, term, next);
      },
      set: () => ({ supervisorId: next.id }),
    });
    await tell(
      tx,
      emit,
      happening(ctx, facts, result, {
        action: "reassign",
        actor: user,
        subject: next,
        previousSupervisorId: facts.supervisor_id,
      }),
    );
    return proposalById(tx, proposalId);
  });
}
