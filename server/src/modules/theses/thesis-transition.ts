import type { ThesisState } from "@shared/enums";
import { MSG } from "@shared/messages";
import {
  THESIS_TRANSITIONS,
  type ThesisAction,
  type ThesisFacts,
  type ThesisParty,
  type ThesisTransition,
  thesisPartiesOf,
} from "@shared/thesis-life";
import type { theses } from "../../db/schema";
import { fieldError, NotFoundError } from "../../lib/errors";
import { chooseLifeRow, movedOr409, rowTarget } from "../../lib/life";
import type { Actor, RequestContext } from "../../lib/request-context";
import { recordActivity } from "../activity/activity.repository";
import { endDefenseWithThesis } from "../defenses/defense-end";
import { moveThesisState, selectThesis, type ThesisRow } from "./theses.repository";
import { THESIS_WORDS } from "./words";

/** How the actor relates to the thesis read (DESIGN.md §16). */
export const partiesOfThesis = (actor: NonNullable<Actor>, t: ThesisRow): ThesisParty[] =>
  thesisPartiesOf(actor, {
    supervisorId: t.supervisor_id,
    firstExaminerId: t.first_examiner_id,
    secondExaminerId: t.second_examiner_id,
    memberIds: t.members.map((m) => m.id),
  });

/**
 * A thesis the actor may see, with the parties they act as: 404 otherwise (ids leak nothing).
 * `lock` holds its row until the transaction ends, so actions on one thesis go one after another.
 */
export async function thesisFor(db: RequestContext["db"], id: string, actor: Actor, lock = false) {
  const thesis = await selectThesis(db, id, lock);
  const parties: ThesisParty[] = !thesis ? [] : actor === null ? ["system"] : partiesOfThesis(actor, thesis);
  if (!thesis || !parties.length) throw new NotFoundError();
  return { thesis, parties };
}

/**
 * Whether the parties may take `action` on the thesis in its state now, before the action's own
 * checks of its input against the thesis: 403 when never theirs, 409 when not now (the engine's
 * refusals), so a wrong party is never told about the input.
 */
export const mayThesis = (thesis: ThesisRow, parties: ThesisParty[], action: ThesisAction) =>
  chooseLifeRow(THESIS_TRANSITIONS, THESIS_WORDS, action, thesis.state, parties, {});

export interface ThesisTransitionRequest {
  action: ThesisAction;
  /** The reason or note the action carries: the timeline row's note. */
  text?: string;
  facts?: Partial<ThesisFacts>;
  /** Whom or what the timeline row concerns ("draft 3", the member removed, the new due date). */
  subject?: { id?: string | null; name: string };
  /** Column changes that go with the state change. */
  set?: (to: ThesisState) => Partial<typeof theses.$inferInsert>;
}

/**
 * Applies one row of the thesis's table, inside the context's transaction, on the generic engine
 * (lib/life.ts) as the proposal's are: the row chosen by the action, the state and the parties
 * (403 never theirs, 409 not now), what it needs checked, the state moved only if it is still the
 * one read at the version read (a racing action gets 409 and changes nothing), and its timeline
 * row (on its proposal's timeline) written; a return, cancellation or annulment cancels its
 * defense in the same transaction (§18).
 */
export async function applyThesisTransition(
  c: RequestContext,
  thesis: ThesisRow,
  parties: ThesisParty[],
  req: ThesisTransitionRequest,
): Promise<{ from: ThesisState; to: ThesisState; row: ThesisTransition }> {
  const text = req.text?.trim() ?? "";
  const row = chooseLifeRow(
    THESIS_TRANSITIONS,
    THESIS_WORDS,
    req.action,
    thesis.state,
    parties,
    req.facts ?? {},
  );
  if (row.needs?.reason === "required" && !text) throw fieldError("reason", MSG.thesisReasonRequired);
  const from = thesis.state;
  const to = rowTarget(row, from);
  await movedOr409(
    moveThesisState(c.db, thesis.id, from, thesis.version, to, req.set?.(to) ?? {}),
    THESIS_WORDS.changedMeanwhile,
  );
  await recordActivity(c.db, {
    at: c.now,
    actorId: c.by?.id ?? null,
    kind: "thesis",
    action: req.action,
    proposalId: thesis.proposal_id,
    fromThesisState: from,
    toThesisState: to,
    note: text || null,
    subjectId: req.subject?.id ?? null,
    subjectName: req.subject?.name ?? null,
  });
  await endDefenseWithThesis(c, thesis, req.action);
  return { from, to, row };
}
