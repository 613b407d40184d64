import type { Thesis } from "@shared/schemas/theses";
import type { ThesisParty } from "@shared/thesis-life";
import { inTransaction, type RequestContext } from "../../lib/request-context";
import type { SessionUser } from "../../plugins/auth";
import { selectThesis, type ThesisRow } from "./theses.repository";
import { toThesis } from "./thesis-answer";
import { partiesOfThesis, thesisFor } from "./thesis-transition";

/**
 * One action on a thesis: in a transaction, the thesis read with its row locked (so actions on
 * one thesis go one after another: a racing second sees the first's result), 404 for those who
 * may not see it; `run` checks and changes; the answer is the thesis as the caller now sees it.
 */
export function thesisAction(
  ctx: RequestContext<SessionUser>,
  id: string,
  run: (c: RequestContext<SessionUser>, thesis: ThesisRow, parties: ThesisParty[]) => Promise<void>,
): Promise<Thesis> {
  return inTransaction(ctx, async (c) => {
    const { thesis, parties } = await thesisFor(c.db, id, c.by, true);
    await run(c, thesis, parties);
    const after = (await selectThesis(c.db, id))!;
    return toThesis(after, partiesOfThesis(c.by, after), c.now);
  });
}
