import type { Thesis } from "@shared/schemas/theses";
import type { ThesisAction, ThesisParty } from "@shared/thesis-life";
import { inTransaction, type RequestContext } from "../../lib/request-context";
import type { SessionUser } from "../../plugins/auth";
import { selectThesis, type ThesisRow } from "./theses.repository";
import { toThesis } from "./thesis-answer";
import { mayThesis, partiesOfThesis, thesisFor } from "./thesis-transition";

/** The row of the thesis table that allows the action. */
type LifeRow = ReturnType<typeof mayThesis>;
/** What an action does once the thesis is read (and its action allowed). */
type Run<Row extends unknown[]> = (
  c: RequestContext<SessionUser>,
  thesis: ThesisRow,
  parties: ThesisParty[],
  ...row: Row
) => Promise<void>;

/**
 * One action on a thesis: in a transaction, the thesis read with its row locked (so actions on
 * one thesis go one after another: a racing second sees the first's result), 404 for those who
 * may not see it; then `action` checked against the thesis table (`mayThesis`: 403 or 409 as it
 * says, its row given to `run`), or, with `null`, left to `run` (`applyThesisTransition` checks
 * it, and a term's release checks each thesis); `run` changes; the answer is the thesis as the
 * caller now sees it.
 */
export function thesisAction(
  ctx: RequestContext<SessionUser>,
  id: string,
  action: ThesisAction,
  run: Run<[row: LifeRow]>,
): Promise<Thesis>;
export function thesisAction(
  ctx: RequestContext<SessionUser>,
  id: string,
  action: null,
  run: Run<[]>,
): Promise<Thesis>;
export function thesisAction(
  ctx: RequestContext<SessionUser>,
  id: string,
  action: ThesisAction | null,
  run: Run<[row: LifeRow]>,
): Promise<Thesis> {
  return inTransaction(ctx, async (c) => {
    const { thesis, parties } = await thesisFor(c.db, id, c.by, true);
    const row = action ? mayThesis(thesis, parties, action) : undefined;
    await run(c, thesis, parties, row as LifeRow);
    const after = (await selectThesis(c.db, id))!;
    return toThesis(after, partiesOfThesis(c.by, after), c.now);
  });
}

/** A service of one thesis action that takes the request's input: what the routes call. */
export type ThesisService<Input> = (
  ctx: RequestContext<SessionUser>,
  id: string,
  input: Input,
) => Promise<Thesis>;

/**
 * The service `(ctx, id, input)` of `action` (or, with `null`, of one `run` checks itself): the
 * same `thesisAction`, its `run` made from the input and the thesis's id.
 */
export function thesisService<Input>(
  action: ThesisAction,
  run: (input: Input, id: string) => Run<[row: LifeRow]>,
): ThesisService<Input>;
export function thesisService<Input>(
  action: null,
  run: (input: Input, id: string) => Run<[]>,
): ThesisService<Input>;
export function thesisService<Input>(
  action: ThesisAction | null,
  run: (input: Input, id: string) => Run<[row: LifeRow]>,
): ThesisService<Input> {
  return (ctx, id, input) => thesisAction(ctx, id, action as ThesisAction, run(input, id));
}
