import type { ScenarioCapacities } from "../../db/schema";
import type { AllocationInputs } from "./inputs";

/** What a what-if scenario changes in an allocation's inputs (DESIGN.md §20): capacities, and only those. */

type Capacitied = Pick<AllocationInputs, "topics" | "supervisors">;

/** The real capacities in the inputs: each topic's places, each supervisor's (null = no limit). */
export function capacitiesOf(inputs: Capacitied): ScenarioCapacities {
  return {
    topics: Object.fromEntries(inputs.topics.map((t) => [t.id, t.capacity])),
    supervisors: Object.fromEntries(inputs.supervisors.map((s) => [s.id, s.capacity])),
  };
}

/** Whether two sets of capacities are the same topics and supervisors with the same places. */
export function sameCapacities(a: ScenarioCapacities, b: ScenarioCapacities) {
  const same = (x: Record<string, number | null>, y: Record<string, number | null>) => {
    const keys = Object.keys(x);
    return keys.length === Object.keys(y).length && keys.every((k) => k in y && x[k] === y[k]);
  };
  return same(a.topics, b.topics) && same(a.supervisors, b.supervisors);
}

/**
 * The inputs as they would be with the scenario's capacities: a topic's places left move with its
 * capacity (the groups placed on it stay), a supervisor's places are the scenario's. Topics and
 * supervisors the scenario does not name keep theirs. The digest of these inputs is the one the
 * real inputs have once the scenario is adopted.
 */
export function withCapacities(inputs: AllocationInputs, c: ScenarioCapacities): AllocationInputs {
  return {
    ...inputs,
    topics: inputs.topics.map((t) => {
      const capacity = c.topics[t.id] ?? t.capacity;
      return { ...t, capacity, left: t.left + capacity - t.capacity };
    }),
    supervisors: inputs.supervisors.map((s) => ({
      ...s,
      capacity: s.id in c.supervisors ? c.supervisors[s.id] : s.capacity,
    })),
  };
}

/** What identifies the draft a scenario was copied from: a new run or a move by hand changes it. */
export const draftMark = (d: { seed: string; made_at: string }, moves: number) =>
  `${d.seed}|${new Date(d.made_at).toISOString()}|${moves}`;
