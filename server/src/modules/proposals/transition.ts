import type { ActivityKind } from "@shared/activity";
import { isActiveStatus, type ProposalStatus, type Role } from "@shared/enums";
import { MSG } from "@shared/messages";
import { mayRead, type ProposalPart } from "@shared/proposal-access";
import {
  findTransition,
  mayEverTake,
  type Party,
  type ProposalAction,
  partiesOf,
  revisionsOpen,
  submissionsOpen,
  type Transition,
  whoMay,
} from "@shared/proposal-life";
import type { Db } from "../../db/client";
import type { proposals } from "../../db/schema";
import {
  ConflictError,
  ForbiddenError,
  fieldError,
  NotFoundError,
  PG,
  pgConstraint,
  pgErrorCode,
} from "../../lib/errors";
import { recordActivity } from "../activity/activity.repository";
import {
  type LifeFacts,
  membersPlacedElsewhere,
  moveStatus,
  releasePlaces,
  retakePlaces,
  selectLifeFacts,
} from "./transition.repository";

/** The one acting: a signed-in person, or null for the scheduler. */
export type Actor = { id: string; name: string; role: Role } | null;

export const ACTIVE_MEMBERSHIP_INDEX = "proposal_members_one_active_uq";

/** How the actor relates to the proposal whose facts these are (DESIGN.md §9). */
export function partiesFromFacts(actor: Actor, f: LifeFacts): Party[] {
  if (actor === null) return ["scheduler"];
  return partiesOf(actor, {
    createdBy: { id: f.created_by },
    // The supervisor sees a proposal only once it has reached them (it has been Pending).
    supervisor: f.reached && f.supervisor_id ? { id: f.supervisor_id } : null,
    members: f.my_state ? [{ id: actor.id, state: f.my_state }] : [],
  });
}

/**
 * The facts of a proposal the actor may see (404 otherwise: ids leak nothing), with the parties
 * they act as. `lock` holds the row until the transaction ends.
 */
export async function factsFor(db: Db, id: string, actor: Actor, lock = false) {
  const facts = await selectLifeFacts(db, id, actor?.id ?? null, lock);
  const parties = facts ? partiesFromFacts(actor, facts) : [];
  if (!facts || !parties.length) throw new NotFoundError();
  return { facts, parties };
}

/** The facts of a proposal whose `part` the actor may read (DESIGN.md §9): 404 otherwise, as for one they do not see. */
export async function factsToRead(db: Db, id: string, actor: Actor, part: ProposalPart) {
  const found = await factsFor(db, id, actor);
  if (!mayRead(found.parties, part)) throw new NotFoundError();
  return found;
}

export interface TransitionRequest {
  action: ProposalAction;
  actor: Actor;
  parties: Party[];
  now: Date;
  /** What the row in the activity log is about (an invitation's answer is "invitation"). */
  kind?: ActivityKind;
  /** The action's name in the log, when it is one kind of the table's action (joinedElsewhere is a decline). */
  record?: string;
  /** The feedback or reason the action carries; it is the timeline row's note. */
  text?: string;
  /** The person the action concerns (an invitation's invitee, a new supervisor). */
  subject?: { id: string; name: string };
  /** This answer leaves nobody invited (accept, decline, closeInvitations). */
  lastAnswer?: boolean;
  /** Column changes that go with the status change. */
  set?: (to: ProposalStatus) => Partial<typeof proposals.$inferInsert>;
  /** The 409 to answer when the proposal is not in a status the action starts from. */
  conflict?: string;
  /** Checks that need the row chosen (a place with the supervisor), run before anything changes. */
  before?: (to: ProposalStatus) => Promise<void>;
}

export interface TransitionResult {
  from: ProposalStatus;
  to: ProposalStatus;
  row: Transition;
  /** Invitations cancelled because the proposal stopped being active. */
  cancelled: { user_id: string; name: string }[];
  /** Members who took their places again (a reopened proposal). */
  retaken: string[];
}

/**
 * Applies one row of the transition table to a proposal read by `factsFor`, inside the caller's
 * transaction: the row is chosen by the action, the status, the parties and the term's settings as
 * they are now; what it needs is checked; the status moves only if it is still the one read (a
 * racing transition gets 409 and changes nothing); places are given back or taken again with it;
 * and the timeline row is written.
 */
export async function applyTransition(
  tx: Db,
  facts: LifeFacts,
  req: TransitionRequest,
): Promise<TransitionResult> {
  const row = findTransition(req.action, facts.status, req.parties, {
    mode: facts.mode,
    committeeApproval: facts.committee_approval,
    lastAnswer: req.lastAnswer ?? false,
  });
  if (!row) {
    // They see the proposal, but the action is never theirs.
    if (!mayEverTake(req.action, req.parties)) throw new ForbiddenError(MSG.onlyWho(whoMay(req.action)));
    throw new ConflictError(req.conflict ?? MSG.proposalIsNow(facts.status));
  }
  const text = req.text?.trim() ?? "";
  if (row.needs?.feedback === "required" && !text)
    throw fieldError("feedback", MSG.feedbackRequired(req.action));
  if (row.needs?.reason === "required" && !text)
    throw fieldError("reason", req.action === "withdraw" ? MSG.withdrawReasonRequired : MSG.reasonRequired);
  if (row.needs?.beforeRevisionsClose && !revisionsOpen(facts.revisions_close_at, req.now))
    throw new ConflictError(MSG.revisionsClosed(facts.term_name));
  if (row.needs?.beforeSubmissionsClose && !submissionsOpen(facts.submissions_close_at, req.now))
    throw new ConflictError(MSG.submissionsClosed(facts.term_name));

  const from = facts.status;
  const to = row.to === "unchanged" ? from : row.to;
  const becomesActive = !isActiveStatus(from) && isActiveStatus(to);
  if (becomesActive) {
    const blocked = await membersPlacedElsewhere(tx, facts.id, facts.term_id);
    if (blocked.length) throw new ConflictError(MSG.memberInAnotherGroup(blocked[0].name));
  }

  await req.before?.(to);
  const set = req.set?.(to) ?? {};
  if (to === "Pending" && from !== "Pending") set.pendingSince = req.now;
  if (!(await moveStatus(tx, facts.id, from, to, set)))
    throw new ConflictError(req.conflict ?? MSG.proposalChangedMeanwhile);

  let cancelled: TransitionResult["cancelled"] = [];
  let retaken: string[] = [];
  if (isActiveStatus(from) && !isActiveStatus(to)) cancelled = await releasePlaces(tx, facts.id);
  if (becomesActive) {
    try {
      retaken = await retakePlaces(tx, facts.id);
    } catch (err) {
      // A member took a place elsewhere after the check above.
      if (pgErrorCode(err) === PG.uniqueViolation && pgConstraint(err) === ACTIVE_MEMBERSHIP_INDEX)
        throw new ConflictError(MSG.memberInAnotherGroup(MSG.aMember));
      throw err;
    }
  }

  await recordActivity(
    tx,
    {
      at: req.now,
      actorId: req.actor?.id ?? null,
      kind: req.kind ?? "proposal",
      action: req.record ?? req.action,
      proposalId: facts.id,
      subjectId: req.subject?.id,
      subjectName: req.subject?.name,
      fromStatus: from,
      toStatus: to,
      note: text || null,
    },
    ...cancelled.map((c) => ({
      at: req.now,
      actorId: req.actor?.id ?? null,
      kind: "invitation" as const,
      action: "cancel",
      proposalId: facts.id,
      subjectId: c.user_id,
      subjectName: c.name,
    })),
  );
  return { from, to, row, cancelled, retaken };
}
