import type { ThesisState } from "@shared/enums";
import { LIMITS } from "@shared/limits";
import {
  THESIS_STATES_IN_PROGRESS,
  type Thesis,
  type ThesisList,
  type thesisGradesCsvQuery,
  type thesisListQuery,
} from "@shared/schemas/theses";
import type { z } from "zod";
import { counted, pageWindow } from "../../db/query";
import { inTransaction, type RequestContext } from "../../lib/request-context";
import type { SessionUser } from "../../plugins/auth";
import { changeIn } from "../proposals/command";
import { selectThesis, selectThesisPage, type ThesisListFilter } from "./theses.repository";
import { toThesis } from "./thesis-answer";
import { applyThesisTransition, partiesOfThesis, thesisFor } from "./thesis-transition";

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

/** A list's query as its filter: a term or any, the states the caller may filter by, overdue, an examiner. */
export function thesisFilter(
  ctx: RequestContext<SessionUser>,
  q: z.output<typeof thesisGradesCsvQuery>,
): ThesisListFilter {
  return {
    termId: q.termId && q.termId !== "all" ? q.termId : null,
    states: statesFor(q.state, ctx.by.role === "student"),
    overdue: q.overdue === undefined ? undefined : q.overdue === "true",
    examinerId: q.examinerId,
    now: ctx.now,
  };
}

/**
 * GET /api/theses: the committee every thesis, a teacher theirs (supervisor or examiner), a student
 * their own; a page of them, oldest due first, counted up to LIMITS.listCountMax (decision 0018).
 */
export async function listTheses(
  ctx: RequestContext<SessionUser>,
  q: z.output<typeof thesisListQuery>,
): Promise<ThesisList> {
  const window = pageWindow(q, LIMITS.listCountMax);
  const { rows, n } = await selectThesisPage(ctx.db, ctx.by, thesisFilter(ctx, q), window);
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
