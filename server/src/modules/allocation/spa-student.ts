/**
 * SPA-student: the student-optimal stable matching of the Student-Project Allocation problem
 * (D. J. Abraham, R. W. Irving and D. F. Manlove, "Two algorithms for the Student-Project
 * Allocation problem", Journal of Discrete Algorithms 5(1), 2007, §3). Written from the paper;
 * a pure function with no I/O.
 *
 * In ThesisDesk the paper's students are groups, its projects are topics and its lecturers are
 * supervisors (DESIGN.md §11); capacities count groups. Everything is referred to by index.
 */

export interface SpaInstance {
  /** Each group's acceptable topics, the most preferred first (indexes into `topics`), no repeats. */
  prefs: readonly (readonly number[])[];
  /** Each topic: the supervisor who offers it (index into `supervisors`) and how many groups it takes. */
  topics: readonly { supervisor: number; capacity: number }[];
  /**
   * Each supervisor: how many groups they take (Infinity: no limit) and their preference list over
   * groups, best first. It must rank every group that lists one of their topics (the paper's L_k);
   * other groups may appear and are ignored.
   */
  supervisors: readonly { capacity: number; ranking: readonly number[] }[];
}

/** Each group's topic (index) in the matching, or null when it is unmatched. */
export type SpaMatching = (number | null)[];

/**
 * The student-optimal stable matching: every group gets the best topic it has in any stable
 * matching. Linear in the total length of the preference lists, but for finding the worst group a
 * topic or supervisor holds, which scans its (capacity-bounded) list.
 *
 * The paper deletes pairs from preference lists when a project or lecturer becomes full; a
 * deletion removes every successor of the worst assignee, and never comes back. Here each topic
 * and supervisor keeps the rank of the worst group still allowed (a threshold that only tightens),
 * and a group skips a topic whose threshold, or whose supervisor's, its rank exceeds: the same
 * deletions, made lazily.
 */
export function spaStudent(instance: SpaInstance): SpaMatching {
  const { prefs, topics, supervisors } = instance;
  const groups = prefs.length;

  // The rank of each group in each supervisor's list (the paper's L_k), per preference entry.
  const rankIn = supervisors.map((s) => {
    const m = new Map<number, number>();
    s.ranking.forEach((g, r) => {
      if (!m.has(g)) m.set(g, r);
    });
    return m;
  });
  const rankAt = prefs.map((list, g) =>
    list.map((p) => {
      const r = rankIn[topics[p].supervisor].get(g);
      if (r === undefined) throw new Error(`supervisor ${topics[p].supervisor} does not rank group ${g}`);
      return r;
    }),
  );

  const match: SpaMatching = new Array(groups).fill(null);
  const matchRank = new Int32Array(groups);
  const onTopic: number[][] = topics.map(() => []);
  const withSupervisor: number[][] = supervisors.map(() => []);
  const topicThreshold = new Float64Array(topics.length).fill(Number.POSITIVE_INFINITY);
  const supervisorThreshold = new Float64Array(supervisors.length).fill(Number.POSITIVE_INFINITY);
  const next = new Int32Array(groups);

  const remove = (list: number[], g: number) => {
    const at = list.indexOf(g);
    list[at] = list[list.length - 1];
    list.pop();
  };
  /** The worst group (highest rank with the supervisor) in a list of assigned groups. */
  const worst = (list: number[]) => {
    let w = list[0];
    for (const g of list) if (matchRank[g] > matchRank[w]) w = g;
    return w;
  };
  const unassign = (g: number) => {
    const p = match[g]!;
    remove(onTopic[p], g);
    remove(withSupervisor[topics[p].supervisor], g);
    match[g] = null;
  };

  // Every group starts free; the stack holds the free groups that may still apply.
  const free: number[] = [];
  for (let g = groups - 1; g >= 0; g--) free.push(g);

  while (free.length) {
    const g = free.pop()!;
    // The first topic left on g's list.
    let i = next[g];
    while (i < prefs[g].length) {
      const p = prefs[g][i];
      const r = rankAt[g][i];
      if (r <= topicThreshold[p] && r <= supervisorThreshold[topics[p].supervisor]) break;
      i++;
    }
    next[g] = i;
    if (i >= prefs[g].length) continue; // g's list is empty: it stays unmatched.
    const p = prefs[g][i];
    const k = topics[p].supervisor;

    // g applies to p: provisionally assigned to p (and to k).
    match[g] = p;
    matchRank[g] = rankAt[g][i];
    onTopic[p].push(g);
    withSupervisor[k].push(g);

    if (onTopic[p].length > topics[p].capacity) {
      // p is over-subscribed: its worst assignee (by k's list) is rejected.
      const r = worst(onTopic[p]);
      unassign(r);
      free.push(r);
    } else if (withSupervisor[k].length > supervisors[k].capacity) {
      // k is over-subscribed: k's worst assignee loses its topic.
      const r = worst(withSupervisor[k]);
      unassign(r);
      free.push(r);
    }

    if (onTopic[p].length >= topics[p].capacity) {
      // p is full: no group worse than its worst assignee may apply to p again.
      topicThreshold[p] = Math.min(topicThreshold[p], matchRank[worst(onTopic[p])]);
    }
    if (withSupervisor[k].length >= supervisors[k].capacity) {
      // k is full: no group worse than k's worst assignee may apply to any of k's topics again.
      const held = withSupervisor[k];
      supervisorThreshold[k] = Math.min(
        supervisorThreshold[k],
        held.length ? matchRank[worst(held)] : Number.NEGATIVE_INFINITY,
      );
    }
  }
  return match;
}

/** A group's rank for its topic: 1 for its first choice; null when unmatched. */
export function rankOf(instance: SpaInstance, matching: SpaMatching, group: number): number | null {
  const p = matching[group];
  return p === null ? null : instance.prefs[group].indexOf(p) + 1;
}
