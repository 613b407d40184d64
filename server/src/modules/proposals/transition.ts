import type { ActivityKind } from "@shared/activity";
import { isActiveStatus, type ProposalStatus, type TermMode } from "@shared/enums";
import { MSG } from "@shared/messages";
import { mayRead, type ProposalPart } from "@shared/proposal-access";
import {
  type Party,
  type ProposalAction,
  partiesOf,
  revisionsOpen,
  submissionsOpen,
  TRANSITIONS,
  type Transition,
  type TransitionFacts,
} from "@shared/proposal-life";
import { stoppedByThesis } from "@shared/thesis-life";
import type { Db } from "../../db/client";
import type { proposals } from "../../db/schema";
import { ConflictError, fieldError, NotFoundError, PG, pgConstraint, pgErrorCode } from "../../lib/errors";
import { chooseLifeRow, type LifeWords, movedOr409, rowTarget } from "../../lib/life";
import type { Actor, RequestContext } from "../../lib/request-context";
import { type NewActivity, recordActivity } from "../activity/activity.repository";
import { startThesis } from "../theses/start";
import {
  type LifeFacts,
  membersPlacedElsewhere,
  moveStatus,
  releasePlaces,
  retakePlaces,
  selectLifeFacts,
} from "./transition.repository";

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
  /** What the row in the activity log is about (an invitation's answer is "invitation"). */
  kind?: ActivityKind;
  /** The action's name in the log and in what is told, when it is one kind of the table's action (a decline). */
  record?: "joinedElsewhere";
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

const PROPOSAL_WORDS: LifeWords<ProposalStatus, Party> = {
  onlyWho: MSG.onlyWho,
  isNow: MSG.proposalIsNow,
  changedMeanwhile: MSG.proposalChangedMeanwhile,
};

/**
 * Once a proposal's thesis has started (DESIGN.md §16), the proposal is not reopened, and it is
 * withdrawn only by the thesis's cancellation (which cancels the thesis first, in its transaction).
 */
function assertThesisAllows(action: ProposalAction, facts: LifeFacts) {
  const stopped = stoppedByThesis(action, facts.thesis_state !== null && facts.thesis_state !== "Cancelled");
  if (stopped) throw new ConflictError(stopped);
}

/**
 * The row of the table the action takes, checked: 403 when the action is never the parties', 409
 * when not from this status, and what the row needs (feedback, a reason, a deadline not passed).
 */
function chooseRow(
  action: ProposalAction,
  from: ProposalStatus | null,
  parties: Party[],
  facts: Partial<TransitionFacts> & {
    term_name: string;
    term_revisions_close_at?: string | null;
    term_submissions_close_at?: string | null;
  },
  text: string,
  now: Date,
  conflict?: string,
): Transition {
  const row = chooseLifeRow(TRANSITIONS, PROPOSAL_WORDS, action, from, parties, facts, conflict);
  if (row.needs?.feedback === "required" && !text) throw fieldError("feedback", MSG.feedbackRequired(action));
  if (row.needs?.reason === "required" && !text)
    throw fieldError("reason", action === "withdraw" ? MSG.withdrawReasonRequired : MSG.reasonRequired);
  if (row.needs?.beforeRevisionsClose && !revisionsOpen(facts.term_revisions_close_at ?? null, now))
    throw new ConflictError(MSG.revisionsClosed(facts.term_name));
  if (row.needs?.beforeSubmissionsClose && !submissionsOpen(facts.term_submissions_close_at, now))
    throw new ConflictError(MSG.submissionsClosed(facts.term_name));
  return row;
}

/**
 * Where the table's row takes proposals in `from` by the action (the publication's, applied to
 * many proposals at once by one statement): the same row, and the same refusals, as for one.
 */
export function tableRow(action: ProposalAction, from: ProposalStatus, parties: Party[]): ProposalStatus {
  return rowTarget(chooseRow(action, from, parties, { term_name: "" }, "", new Date()), from);
}

/** The timeline rows of invitations sent (a submission) or cancelled (a proposal no longer active). */
const invitationRows = (
  c: RequestContext,
  proposalId: string,
  action: "invite" | "cancel",
  people: { id: string; name: string }[],
): NewActivity[] =>
  people.map((p) => ({
    at: c.now,
    actorId: c.by?.id ?? null,
    kind: "invitation" as const,
    action,
    proposalId,
    subjectId: p.id,
    subjectName: p.name,
  }));

/**
 * Applies one row of the transition table to a proposal read by `factsFor`, inside the context's
 * transaction: the row is chosen by the action, the status, the parties and the term's settings as
 * they are now; what it needs is checked; the status moves only if it is still the one read (a
 * racing transition gets 409 and changes nothing); places are given back or taken again with it;
 * and the timeline row is written.
 */
export async function applyTransition(
  c: RequestContext,
  facts: LifeFacts,
  parties: Party[],
  req: TransitionRequest,
): Promise<TransitionResult> {
  const tx = c.db;
  const text = req.text?.trim() ?? "";
  const row = chooseRow(
    req.action,
    facts.status,
    parties,
    {
      ...facts,
      mode: facts.term_mode,
      committeeApproval: facts.term_committee_approval,
      lastAnswer: req.lastAnswer ?? false,
    },
    text,
    c.now,
    req.conflict,
  );

  assertThesisAllows(req.action, facts);
  const from = facts.status;
  const to = rowTarget(row, from);
  const becomesActive = !isActiveStatus(from) && isActiveStatus(to);
  if (becomesActive) {
    const blocked = await membersPlacedElsewhere(tx, facts.id, facts.term_id);
    if (blocked.length) throw new ConflictError(MSG.memberInAnotherGroup(blocked[0].name));
  }

  await req.before?.(to);
  const set = req.set?.(to) ?? {};
  if (to === "Pending" && from !== "Pending") set.pendingSince = c.now;
  await movedOr409(moveStatus(tx, facts.id, from, to, set), req.conflict ?? PROPOSAL_WORDS.changedMeanwhile);

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
      at: c.now,
      actorId: c.by?.id ?? null,
      kind: req.kind ?? "proposal",
      action: req.record ?? req.action,
      proposalId: facts.id,
      subjectId: req.subject?.id,
      subjectName: req.subject?.name,
      fromStatus: from,
      toStatus: to,
      note: text || null,
    },
    ...invitationRows(
      c,
      facts.id,
      "cancel",
      cancelled.map((x) => ({ id: x.user_id, name: x.name })),
    ),
  );
  // Whichever path approved it, the proposal starts its thesis here, in its transaction (§16),
  // its timeline row after the approval's.
  if (to === "Approved" && from !== "Approved") await startThesis(c, facts);
  return { from, to, row, cancelled, retaken };
}

/**
 * The table's row for a new proposal (`submit`, from no status): where it starts is chosen by the
 * term's mode and whether anyone is invited; `create` writes it in that status, and its timeline
 * rows (the submission, then each invitation) are written with it.
 */
export async function applySubmission(
  c: RequestContext,
  facts: { mode: TermMode; term_name: string; invitees: { id: string; name: string }[] },
  create: (to: ProposalStatus) => Promise<string>,
): Promise<{ id: string; to: ProposalStatus }> {
  const parties: Party[] = ["creator"];
  const row = chooseRow(
    "submit",
    null,
    parties,
    { ...facts, invitees: facts.invitees.length > 0 },
    "",
    c.now,
  );
  const to = row.to as ProposalStatus;
  const id = await create(to);
  await recordActivity(
    c.db,
    {
      at: c.now,
      actorId: c.by?.id ?? null,
      kind: "proposal",
      action: "submit",
      proposalId: id,
      toStatus: to,
    },
    ...invitationRows(c, id, "invite", facts.invitees),
  );
  return { id, to };
}
