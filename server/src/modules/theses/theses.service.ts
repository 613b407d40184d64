import type { ThesisState } from "@shared/enums";
import { LIMITS } from "@shared/limits";
import {
  THESIS_STATES_IN_PROGRESS,
  type Thesis,
  type ThesisList,
  type thesisListQuery,
} from "@shared/schemas/theses";
import {
  isThesisOverdue,
  shownThesisState,
  type ThesisParty,
  thesisActionsAllowed,
} from "@shared/thesis-life";
import type { z } from "zod";
import { counted, iso, pageWindow } from "../../db/query";
import { inTransaction, type RequestContext } from "../../lib/request-context";
import type { SessionUser } from "../../plugins/auth";
import { changeIn } from "../proposals/command";
import { selectThesis, selectThesisPage, type ThesisRow } from "./theses.repository";
import { applyThesisTransition, partiesOfThesis, thesisFor } from "./thesis-transition";

const person = (id: string | null, name: string | null) => (id ? { id, name: name ?? "" } : null);

/** A thesis as the caller may see it: a student sees Graded and Disputed as Submitted (§17). */
export function toThesis(r: ThesisRow, parties: ThesisParty[], now: Date): Thesis {
  return {
    id: r.id,
    proposalId: r.proposal_id,
    title: r.title,
    termId: r.term_id,
    termName: r.term_name,
    state: shownThesisState(r.state, parties),
    startedAt: iso(r.started_at),
    dueAt: iso(r.due_at),
    submittedAt: iso(r.submitted_at),
    supervisor: person(r.supervisor_id, r.supervisor_name),
    firstExaminer: person(r.first_examiner_id, r.first_examiner_name),
    secondExaminer: person(r.second_examiner_id, r.second_examiner_name),
    members: r.members,
    // What a student is shown must not tell them more than Submitted: their actions follow the state shown.
    actions: thesisActionsAllowed(shownThesisState(r.state, parties), parties),
    overdue: isThesisOverdue({ state: r.state, dueAt: iso(r.due_at) }, now.getTime()),
    updatedAt: iso(r.updated_at),
  };
}

/** GET /api/theses/:id: its members, examiners and the committee; 404 for anyone else. */
export async function getThesis(ctx: RequestContext<SessionUser>, id: string): Promise<Thesis> {
  const { thesis, parties } = await thesisFor(ctx.db, id, ctx.by);
  return toThesis(thesis, parties, ctx.now);
}

/**
 * Which states a list's `state` filter matches for the caller: a student filtering by Submitted
 * finds what they see as Submitted; by Graded or Disputed, nothing (they never see those words).
 */
function statesFor(state: ThesisState | undefined, student: boolean): readonly ThesisState[] {
  if (!state) return THESIS_STATES_IN_PROGRESS;
  if (!student) return [state];
  if (state === "Graded" || state === "Disputed") return [];
  return state === "Submitted" ? ["Submitted", "Graded", "Disputed"] : [state];
}

/**
 * GET /api/theses: the committee every thesis, a teacher theirs (supervisor or examiner), a student
 * their own; a page of them, oldest due first, counted up to LIMITS.listCountMax (decision 0018).
 */
export async function listTheses(
  ctx: RequestContext<SessionUser>,
  q: z.output<typeof thesisListQuery>,
): Promise<ThesisList> {
  const termId = q.termId && q.termId !== "all" ? q.termId : null;
  const states = statesFor(q.state, ctx.by.role === "student");
  const overdue = q.overdue === undefined ? undefined : q.overdue === "true";
  const window = pageWindow(q, LIMITS.listCountMax);
  const { rows, n } = await selectThesisPage(
    ctx.db,
    ctx.by,
    { termId, states, overdue, now: ctx.now },
    window,
  );
  return {
    items: rows.map((r) => toThesis(r, partiesOfThesis(ctx.by, r), ctx.now)),
    ...counted(n, window.cap),
  };
}

/**
 * The committee cancels a thesis in Writing, Submitted or Disputed (DESIGN.md §16), with a reason:
 * Cancelled, and its proposal Withdrawn by the proposal's own engine in the same transaction
 * (its places freed, its people told), so the two never disagree.
 */
export function cancelThesis(ctx: RequestContext<SessionUser>, id: string, reason: string): Promise<Thesis> {
  return inTransaction(ctx, async (c) => {
    const { thesis, parties } = await thesisFor(c.db, id, c.by, true);
    await applyThesisTransition(c, thesis, parties, { action: "cancel", text: reason });
    await changeIn(c, thesis.proposal_id, () => ({ action: "withdraw", text: reason }), true);
    return toThesis((await selectThesis(c.db, id))!, parties, c.now);
  });
}
