import { findRow, type LifeRow, mayEverTakeIn, whoMayIn } from "@shared/proposal-life";
import { ConflictError, ForbiddenError } from "./errors";

/**
 * The generic part of the transition engine (DESIGN.md §9, §16): one for the proposal's table and
 * the thesis's. A life's own engine (proposals/transition.ts, theses/thesis-transition.ts) adds
 * what its rows need and what moves with its state; the choice of the row, the refusals, and the
 * conditional update's 409 are these.
 */

/** The words of a life's refusals. */
export interface LifeWords<S extends string, P extends string> {
  /** 403: the action is never these parties'. */
  onlyWho: (parties: P[]) => string;
  /** 409: not from this state (or "new"). */
  isNow: (from: S | "new") => string;
  /** 409: a racing change moved the record between its read and its update. */
  changedMeanwhile: string;
}

/**
 * The row of `table` the action takes, checked: 403 when the action is never the parties' (they
 * see the record, but may not act on it so), 409 when it is not allowed from this state.
 */
export function chooseLifeRow<S extends string, A extends string, P extends string, F, N>(
  table: readonly LifeRow<S, A, P, F, N>[],
  words: LifeWords<S, P>,
  action: A,
  from: S | null,
  parties: readonly P[],
  facts: Partial<F>,
  conflict?: string,
): LifeRow<S, A, P, F, N> {
  const row = findRow(table, action, from, parties, facts);
  if (row) return row;
  if (!mayEverTakeIn(table, action, parties))
    throw new ForbiddenError(words.onlyWho(whoMayIn(table, action)));
  throw new ConflictError(conflict ?? words.isNow(from ?? "new"));
}

/** Where a row leads from `from`. */
export const rowTarget = <S extends string>(row: { to: S | "unchanged" }, from: S): S =>
  row.to === "unchanged" ? from : row.to;

/**
 * The conditional update's answer: it moved the record only if it was still in the state read, so
 * nothing moved means a racing change came first: 409, and the caller's transaction changes nothing.
 */
export async function movedOr409(moved: Promise<unknown>, message: string): Promise<void> {
  if (!(await moved)) throw new ConflictError(message);
}
