import type { SpaInstance, SpaMatching } from "./spa-student";

/** A (group, topic) pair that blocks a matching: both would rather be matched together. */
export interface BlockingPair {
  group: number;
  topic: number;
}

/**
 * Every blocking pair of a matching, by the paper's definition (Abraham, Irving and Manlove 2007,
 * §2), written without reference to the algorithm so that each checks the other. A pair
 * (s_i, p_j), with p_j offered by l_k, blocks M when
 *   1. s_i finds p_j acceptable;
 *   2. s_i is unassigned in M, or prefers p_j to M(s_i); and
 *   3. either (a) p_j is under-subscribed and l_k is under-subscribed;
 *          or (b) p_j is under-subscribed, l_k is full, and s_i ∈ M(l_k) or l_k prefers s_i to
 *                 the worst student in M(l_k);
 *          or (c) p_j is full and l_k prefers s_i to the worst student in M(p_j).
 * A matching is stable when it has none. Used to test the algorithm and, on the committee's screen,
 * to list what a move by hand breaks.
 */
export function blockingPairs(instance: SpaInstance, matching: SpaMatching): BlockingPair[] {
  const { prefs, topics, supervisors } = instance;
  const positions = supervisors.map((s) => new Map(s.ranking.map((g, at) => [g, at] as const)));
  const position = (k: number, g: number) => positions[k].get(g) ?? Number.POSITIVE_INFINITY;
  // M(p_j) and M(l_k), and the worst of each by l_k's list, read from the matching once.
  const onTopic: number[][] = topics.map(() => []);
  const withSupervisor: number[][] = supervisors.map(() => []);
  matching.forEach((p, g) => {
    if (p === null) return;
    onTopic[p].push(g);
    withSupervisor[topics[p].supervisor].push(g);
  });
  const worstPosition = (k: number, gs: number[]) =>
    gs.length ? Math.max(...gs.map((g) => position(k, g))) : Number.NEGATIVE_INFINITY;
  const worstOnTopic = onTopic.map((gs, p) => worstPosition(topics[p].supervisor, gs));
  const worstWithSupervisor = withSupervisor.map((gs, k) => worstPosition(k, gs));

  const out: BlockingPair[] = [];
  for (let g = 0; g < prefs.length; g++) {
    const current = matching[g];
    // 1 and 2: the topics g listed, before its own when it has one.
    for (const p of prefs[g]) {
      if (p === current) break;
      const k = topics[p].supervisor;
      const pUnder = onTopic[p].length < topics[p].capacity;
      const kUnder = withSupervisor[k].length < supervisors[k].capacity;
      const kFull = withSupervisor[k].length === supervisors[k].capacity;
      const gWithK = current !== null && topics[current].supervisor === k;
      const blocks =
        (pUnder && kUnder) ||
        (pUnder && kFull && (gWithK || position(k, g) < worstWithSupervisor[k])) ||
        (!pUnder && position(k, g) < worstOnTopic[p]);
      if (blocks) out.push({ group: g, topic: p });
    }
  }
  return out;
}

/** Whether the matching respects every capacity and matches groups only to topics they listed. */
export function isValidMatching(instance: SpaInstance, matching: SpaMatching): boolean {
  const { prefs, topics, supervisors } = instance;
  const onTopic = new Array(topics.length).fill(0);
  const withSupervisor = new Array(supervisors.length).fill(0);
  for (let g = 0; g < matching.length; g++) {
    const p = matching[g];
    if (p === null) continue;
    if (!prefs[g].includes(p)) return false;
    onTopic[p]++;
    withSupervisor[topics[p].supervisor]++;
  }
  return (
    onTopic.every((n, p) => n <= topics[p].capacity) &&
    withSupervisor.every((n, k) => n <= supervisors[k].capacity)
  );
}
