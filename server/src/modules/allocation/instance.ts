import type { Assignment } from "./allocation.repository";
import { blockingPairs } from "./blocking-pairs";
import type { AllocationInputs } from "./inputs";
import { drawLots } from "./lot";
import type { SpaInstance, SpaMatching } from "./spa-student";

/** A term's allocation as the matching algorithm reads it, and what is reported of a matching. */

export interface TermInstance {
  instance: SpaInstance;
  groups: AllocationInputs["groups"];
  topics: AllocationInputs["topics"];
  supervisors: AllocationInputs["supervisors"];
  /** A topic's place in `topics` (and in the instance), by its id. */
  topicIndex: Map<string, number>;
}

/**
 * The term's allocation as the paper's instance, from its inputs: groups Awaiting allocation and
 * their lists, topics still offered with their places left, supervisors with theirs (the term's
 * capacity less the groups they already hold; no limit is Infinity), and each supervisor's list:
 * their ranking, then their other applicants in the order the seed's lot gives.
 */
export function termInstance(inputs: AllocationInputs, seed: string): TermInstance {
  const { groups, topics, supervisors, rankings } = inputs;
  const groupIndex = new Map(groups.map((g, i) => [g.id, i]));
  const topicIndex = new Map(topics.map((t, i) => [t.id, i]));
  const supervisorIndex = new Map(supervisors.map((s, i) => [s.id, i]));
  const prefs = groups.map((g) =>
    g.preferences.flatMap((t) => (topicIndex.has(t) ? [topicIndex.get(t)!] : [])),
  );
  const applicants = supervisors.map(() => new Set<string>());
  prefs.forEach((list, g) => {
    for (const t of list) applicants[supervisorIndex.get(topics[t].supervisor_id)!].add(groups[g].id);
  });
  const ranked = supervisors.map(() => [] as string[]);
  for (const r of rankings) {
    const k = supervisorIndex.get(r.supervisor_id);
    if (k !== undefined && applicants[k].has(r.proposal_id)) ranked[k].push(r.proposal_id);
  }
  const instance: SpaInstance = {
    prefs,
    topics: topics.map((t) => ({
      supervisor: supervisorIndex.get(t.supervisor_id)!,
      capacity: Math.max(0, t.left),
    })),
    supervisors: supervisors.map((s, k) => {
      const rankedSet = new Set(ranked[k]);
      const lot = drawLots(
        [...applicants[k]].filter((id) => !rankedSet.has(id)),
        seed,
        s.id,
      );
      return {
        capacity: s.capacity === null ? Number.POSITIVE_INFINITY : Math.max(0, s.capacity - s.used),
        ranking: [...ranked[k], ...lot].map((id) => groupIndex.get(id)!),
      };
    }),
  };
  return { instance, groups, topics, supervisors, topicIndex };
}

export const toAssignments = (t: TermInstance, m: SpaMatching): Assignment[] =>
  t.groups.map((g, i) => {
    const p = m[i];
    return {
      proposalId: g.id,
      topicId: p === null ? null : t.topics[p].id,
      rank: p === null ? null : t.instance.prefs[i].indexOf(p) + 1,
    };
  });

/** The rank profile of a result: groups, how many got their 1st, 2nd, … choice, how many none. */
export function summary(assignments: Assignment[], seed: string) {
  const byRank: number[] = [];
  let unmatched = 0;
  for (const a of assignments) {
    if (a.rank === null) {
      if (a.topicId === null) unmatched++;
      continue;
    }
    while (byRank.length < a.rank) byRank.push(0);
    byRank[a.rank - 1]++;
  }
  return { seed, groups: assignments.length, byRank, unmatched };
}

/** Groups given a topic, on their list or off it by hand. */
export const matchedIn = (assignments: { topicId: string | null }[]) =>
  assignments.filter((a) => a.topicId !== null).length;

/**
 * Each supervisor's load under a result: the groups they hold already, those the result gives
 * them, and their places (null = no limit), supervisors in the inputs' order.
 */
export function loadOf(
  inputs: Pick<AllocationInputs, "topics" | "supervisors">,
  assignments: { topicId: string | null }[],
) {
  const supervisorOf = new Map(inputs.topics.map((t) => [t.id, t.supervisor_id]));
  const assigned = new Map<string, number>();
  for (const a of assignments) {
    const s = a.topicId ? supervisorOf.get(a.topicId) : undefined;
    if (s !== undefined) assigned.set(s, (assigned.get(s) ?? 0) + 1);
  }
  return inputs.supervisors.map((x) => ({
    supervisorId: x.id,
    name: x.name,
    used: x.used,
    assigned: assigned.get(x.id) ?? 0,
    capacity: x.capacity,
  }));
}

/** The draft's blocking pairs: the groups and topics that would both rather have each other. */
export function draftBlockingPairs(t: TermInstance, rows: { proposalId: string; topicId: string | null }[]) {
  const byGroup = new Map(rows.map((a) => [a.proposalId, a.topicId]));
  const matching: SpaMatching = t.groups.map((g) => {
    const topicId = byGroup.get(g.id);
    return (topicId ? t.topicIndex.get(topicId) : undefined) ?? null;
  });
  return blockingPairs(t.instance, matching).map((b) => ({
    proposalId: t.groups[b.group].id,
    topicId: t.topics[b.topic].id,
  }));
}
