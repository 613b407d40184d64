import type { Actor, RequestContext } from "../../lib/request-context";
import { changeIn } from "./command";
import { answerInvitationRow, lockProposals, openInvitationsOf } from "./invitations.repository";

/**
 * One student's answer to one invitation, as a transition of the table (accept or decline, or
 * decline recorded as joinedElsewhere): the proposal's row must already be locked. When it leaves
 * nobody to answer, the group is complete and the proposal moves on (Pending, or Awaiting
 * allocation); the creator, and then the supervisor and the members, are told. Null when the
 * invitation was no longer open.
 */
export function recordAnswer(
  c: RequestContext<Actor>,
  proposalId: string,
  how: "accept" | "decline" | "joinedElsewhere",
) {
  const student = c.by!;
  return changeIn(c, proposalId, async ({ facts }) => {
    if (
      !(await answerInvitationRow(c.db, proposalId, student.id, how === "accept" ? "accepted" : "declined"))
    )
      return null;
    return {
      action: how === "accept" ? "accept" : "decline",
      record: how === "joinedElsewhere" ? how : undefined,
      kind: "invitation",
      subject: { id: student.id, name: student.name },
      lastAnswer: facts.open_invitations - 1 === 0,
    };
  });
}

/**
 * Students took their one place in the term (submitted, accepted, or were restored to a reopened
 * proposal): their other open invitations in the term are declined in the same transaction, and
 * each creator is told (DESIGN.md §9). The proposals are locked in id order first.
 */
export async function declineOtherInvitations(
  c: RequestContext,
  studentIds: string[],
  termId: string,
  except: string | null,
) {
  const open = await openInvitationsOf(c.db, studentIds, termId, except);
  if (!open.length) return;
  await lockProposals(
    c.db,
    open.map((o) => o.proposal_id),
  );
  for (const o of open)
    await recordAnswer(
      { ...c, by: { id: o.user_id, name: o.name, role: "student" } },
      o.proposal_id,
      "joinedElsewhere",
    );
}
