import type { ProposalStatus } from "@shared/enums";
import { MSG } from "@shared/messages";
import type { Party, ProposalNotice } from "@shared/proposal-life";
import type { Proposal } from "@shared/schemas/proposals";
import { type Actor, inTransaction, type RequestContext } from "../../lib/request-context";
import { recordActivity } from "../activity/activity.repository";
import type { Happening } from "./happening";
import { proposalById } from "./projection";
import { tell } from "./tell";
import {
  applySubmission,
  applyTransition,
  factsFor,
  type TransitionRequest,
  type TransitionResult,
} from "./transition";
import type { LifeFacts } from "./transition.repository";

/**
 * One command per change of a proposal (decision 0044): transaction → facts → applyTransition →
 * timeline row → what to tell → answer. Every action of the table goes through here (a
 * submission through `applySubmission` and the publication's placing of many groups at once
 * through the same table's row, in their own modules); a service says only what is its own: the
 * checks on the facts, the columns that change with the status, and what else the change does.
 */

export interface Found {
  facts: LifeFacts;
  parties: Party[];
}

/** What one change does, planned once its facts are read. */
export interface Change extends TransitionRequest {
  /** What the change does beside the status, after it moved (a new version, a member's row); it may add to what is told. */
  after?: (result: TransitionResult) => Promise<Partial<Happening> | undefined> | Promise<void>;
  /** What is told beyond the facts and the result (a new title, the previous supervisor). */
  tell?: Partial<Happening>;
}

/** A plan: the change to make, from the facts read; null when there is nothing to change. */
export type Plan<By extends Actor> = (
  found: Found,
  c: RequestContext<By>,
) => Promise<Change | null> | Change | null;

/** What is told of a change, from the facts it read and the transition's result. */
export function happening(
  facts: LifeFacts,
  result: { from: ProposalStatus | null; to: ProposalStatus; cancelled?: TransitionResult["cancelled"] },
  h: Pick<Happening, "action" | "actor"> & Partial<Happening>,
): Happening {
  return {
    proposalId: facts.id,
    // An untitled group (an allocation term's, before it is placed) is named by its creator: no
    // email or event ever says "".
    title: facts.title || MSG.untitledGroup(facts.creator_name),
    termName: facts.term_name,
    creatorId: facts.created_by,
    creatorName: facts.creator_name,
    supervisorName: facts.supervisor_name,
    from: result.from,
    to: result.to,
    cancelled: result.cancelled?.map((x) => x.user_id),
    ...h,
  };
}

/**
 * The change inside a transaction the context is in already (an answer among the declines a
 * submission makes, a deadline job's sweep): the facts (404 for one the caller may not see; with
 * `lock`, the row held until commit), the plan, the transition with its timeline row, what else
 * the change does, and the people it concerns told.
 */
export async function changeIn<By extends Actor>(
  c: RequestContext<By>,
  proposalId: string,
  plan: Plan<By>,
  lock = false,
): Promise<(Found & { result: TransitionResult }) | null> {
  const found = await factsFor(c.db, proposalId, c.by, lock);
  const change = await plan(found, c);
  if (!change) return null;
  const result = await applyTransition(c, found.facts, found.parties, change);
  const more = (await change.after?.(result)) ?? {};
  await tell(
    c,
    happening(found.facts, result, {
      action: change.action,
      record: change.record,
      actor: c.by,
      text: change.text,
      subject: change.subject,
      ...change.tell,
      ...more,
    }),
  );
  return { ...found, result };
}

/** The whole command: one transaction, the change, and the proposal as it is after it (the answer). */
export function proposalCommand<By extends Actor>(
  ctx: RequestContext<By>,
  proposalId: string,
  plan: Plan<By>,
  lock = false,
): Promise<Proposal> {
  return inTransaction(ctx, async (c) => {
    await changeIn(c, proposalId, plan, lock);
    return proposalById(c.db, proposalId);
  });
}

/**
 * A new proposal (the table's `submit`, from no status) inside the context's transaction: the row
 * chosen and its timeline rows written by `applySubmission`, `create` writing the proposal, and the
 * people it concerns told from its facts as read once it exists (its supervisor, its invitees).
 */
export async function submitIn(
  c: RequestContext<NonNullable<Actor>>,
  facts: Parameters<typeof applySubmission>[1],
  create: Parameters<typeof applySubmission>[2],
): Promise<string> {
  const { id, to } = await applySubmission(c, facts, create);
  const made = await factsFor(c.db, id, c.by);
  await tell(c, happening(made.facts, { from: null, to }, { action: "submit", actor: c.by }));
  return id;
}

/**
 * What the scheduler tells a group without changing its proposal (PROPOSAL_NOTICES): its timeline
 * row, which names no status, and the people it concerns told, as a transition's are.
 */
export async function noticeIn(c: RequestContext<null>, proposalId: string, action: ProposalNotice) {
  const { facts } = await factsFor(c.db, proposalId, null);
  await recordActivity(c.db, { at: c.now, actorId: null, kind: "proposal", action, proposalId });
  await tell(c, happening(facts, { from: facts.status, to: facts.status }, { action, actor: null }));
}
