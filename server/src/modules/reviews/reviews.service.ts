import { isActiveStatus } from "@shared/enums";
import { MSG } from "@shared/messages";
import type { DecisionInput } from "@shared/schemas/life";
import type { Proposal } from "@shared/schemas/proposals";
import { thesisReassignRefusal } from "@shared/thesis-life";
import { ConflictError, fieldError } from "../../lib/errors";
import type { RequestContext } from "../../lib/request-context";
import type { SessionUser } from "../../plugins/auth";
import { proposalCommand } from "../proposals/command";
import { declineOtherInvitations } from "../proposals/invitations";
import { PROPOSAL_MSG } from "../proposals/proposals.service";
import { selectTerm } from "../terms/terms.repository";
import { assertPlaceLeft } from "../terms/terms.service";
import { followSupervisor } from "../theses/theses.repository";
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
export function reviewProposal(
  ctx: RequestContext<SessionUser>,
  proposalId: string,
  input: ReviewCommand,
): Promise<Proposal> {
  return proposalCommand(ctx, proposalId, () => ({
    action: REVIEW_ACTION[input.status],
    text: input.feedback,
    conflict: MSG.alreadyReviewed,
    set: () => ({ feedback: input.feedback, reviewedAt: ctx.now, reviewedBy: ctx.by.id }),
  }));
}

/** The committee signs off a proposal Awaiting committee: Approved or Denied (feedback required to deny). */
export function decideProposal(
  ctx: RequestContext<SessionUser>,
  proposalId: string,
  input: Required<DecisionInput>,
): Promise<Proposal> {
  return proposalCommand(ctx, proposalId, () => ({
    action: input.status === "Approved" ? "approve" : "deny",
    text: input.feedback,
    set: () => ({
      committeeFeedback: input.feedback,
      committeeDecidedAt: ctx.now,
      committeeDecidedBy: ctx.by.id,
    }),
  }));
}

/**
 * The committee reopens an Approved or Denied proposal (a mistake undone), back to Pending, with a
 * reason. A denied proposal takes its places back in the same transaction: 409 naming what blocks
 * it (a member now in another group, a supervisor with no places left); its members' other open
 * invitations are declined, as for any place taken.
 */
export function reopenProposal(ctx: RequestContext, proposalId: string, reason: string): Promise<Proposal> {
  return proposalCommand(
    ctx,
    proposalId,
    ({ facts }, c) => ({
      action: "reopen",
      text: reason,
      before: async () => {
        if (isActiveStatus(facts.status) || !facts.supervisor_id) return;
        const term = (await selectTerm(c.db, facts.term_id))!;
        await assertPlaceLeft(c.db, term, { id: facts.supervisor_id, name: facts.supervisor_name ?? "" });
      },
      set: () => ({
        feedback: null,
        reviewedAt: null,
        reviewedBy: null,
        committeeFeedback: null,
        committeeDecidedAt: null,
        committeeDecidedBy: null,
      }),
      after: (result) => declineOtherInvitations(c, result.retaken, facts.term_id, proposalId),
    }),
    true,
  );
}

/**
 * The committee gives a proposal to another supervisor of its cell (one who leaves, say): the new
 * supervisor must have a place left in the proposal's term (409 naming them otherwise).
 */
export function reassignProposal(
  ctx: RequestContext,
  proposalId: string,
  supervisorId: string,
): Promise<Proposal> {
  return proposalCommand(
    ctx,
    proposalId,
    async ({ facts }, c) => {
      if (supervisorId === facts.supervisor_id) throw fieldError("supervisorId", MSG.sameSupervisor);
      const next = facts.research_cell_id
        ? await supervisorOfCell(c.db, supervisorId, facts.research_cell_id)
        : undefined;
      if (!next) throw fieldError("supervisorId", PROPOSAL_MSG.supervisorNotInCell);
      // Once a thesis has started, it reads the thesis (DESIGN.md §16): before the first assessment, never its second examiner.
      const refusal = thesisReassignRefusal(
        facts.thesis_state
          ? {
              firstAssessedAt: facts.thesis_first_assessed_at,
              secondExaminerId: facts.thesis_second_examiner_id,
            }
          : null,
        next.id,
      );
      if (refusal) throw new ConflictError(refusal, { supervisorId: refusal });
      await assertTakesProposals(c.db, next.id);
      return {
        action: "reassign",
        subject: next,
        before: async () => {
          const term = (await selectTerm(c.db, facts.term_id))!;
          await assertPlaceLeft(c.db, term, next);
        },
        set: () => ({ supervisorId: next.id }),
        // The supervisor is the thesis's first examiner, unless the committee named another (§17).
        after: async () => {
          if (facts.thesis_state) await followSupervisor(c.db, facts.id, facts.supervisor_id, next.id);
        },
        tell: { previousSupervisorId: facts.supervisor_id },
      };
    },
    true,
  );
}
