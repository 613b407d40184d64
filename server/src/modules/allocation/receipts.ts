import { type BlockingPair, blockingPairs } from "./blocking-pairs";
import type { SpaInstance, SpaMatching } from "./spa-student";

/**
 * Why a group did not get a topic it ranked above the one it got (DESIGN.md §20), in counts: a
 * pure function over the matching, with no names and no supervisor's order. For a topic p (of
 * supervisor k) the group g preferred, the pair (g, p) does not block the matching exactly when
 *   - p is full and k ranks every group on p above g (by their ranking, then the lot): "topicFull";
 *   - p has room, k is full, g is not one of k's groups, and k ranks every group of theirs above
 *     g: "supervisorFull";
 * and otherwise it blocks (the paper's definition, blocking-pairs.ts): only a move by hand makes
 * one, for the algorithm's own matching is stable.
 */
export type Receipt =
  | { topic: number; why: "topicFull"; places: number }
  | { topic: number; why: "supervisorFull"; supervisor: number; places: number }
  | { topic: number; why: "blockingPair" };

/** Every topic the group listed above the one it got (all of its list when unmatched), with why. */
export function receiptsFor(instance: SpaInstance, matching: SpaMatching, g: number): Receipt[] {
  const { prefs, topics, supervisors } = instance;
  const current = matching[g];
  const position = (k: number, x: number) => {
    const at = supervisors[k].ranking.indexOf(x);
    return at < 0 ? Number.POSITIVE_INFINITY : at;
  };
  const out: Receipt[] = [];
  for (const p of prefs[g]) {
    if (p === current) break;
    const k = topics[p].supervisor;
    const onP = matching.flatMap((x, h) => (x === p ? [h] : []));
    const withK = matching.flatMap((x, h) => (x !== null && topics[x].supervisor === k ? [h] : []));
    const allAhead = (hs: number[]) => hs.every((h) => position(k, h) < position(k, g));
    if (onP.length >= topics[p].capacity && allAhead(onP))
      out.push({ topic: p, why: "topicFull", places: topics[p].capacity });
    else if (
      onP.length < topics[p].capacity &&
      withK.length >= supervisors[k].capacity &&
      !withK.includes(g) &&
      allAhead(withK)
    )
      out.push({ topic: p, why: "supervisorFull", supervisor: k, places: supervisors[k].capacity });
    else out.push({ topic: p, why: "blockingPair" });
  }
  return out;
}

/**
 * The server's check of each statement before it is shown: a full topic or supervisor counted
 * again, and a blocking pair found by the paper's definition. A receipt that fails is never shown.
 */
export function receiptHolds(
  instance: SpaInstance,
  matching: SpaMatching,
  g: number,
  r: Receipt,
  /** The matching's blocking pairs, when the caller has them already. */
  pairs: BlockingPair[] = blockingPairs(instance, matching),
): boolean {
  const { topics, supervisors } = instance;
  if (r.why === "blockingPair") return pairs.some((b) => b.group === g && b.topic === r.topic);
  const k = topics[r.topic].supervisor;
  const rank = new Map(supervisors[k].ranking.map((h, at) => [h, at]));
  const mine = rank.get(g) ?? Number.POSITIVE_INFINITY;
  const held = matching
    .map((x, h) => ({ x, h }))
    .filter(({ x }) => x !== null && (r.why === "topicFull" ? x === r.topic : topics[x].supervisor === k));
  const capacity = r.why === "topicFull" ? topics[r.topic].capacity : supervisors[k].capacity;
  return (
    held.length === capacity &&
    r.places === capacity &&
    matching[g] !== r.topic &&
    held.every(({ h }) => h !== g && (rank.get(h) ?? Number.POSITIVE_INFINITY) < mine)
  );
}
