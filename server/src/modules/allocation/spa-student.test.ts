import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { randomInstance as instance } from "../../test/spa-instances";
import { blockingPairs, isValidMatching } from "./blocking-pairs";
import { type SpaInstance, type SpaMatching, spaStudent } from "./spa-student";

/**
 * The matching (DESIGN.md §11) against the paper's definitions: on thousands of random
 * instances the result respects every capacity and has no blocking pair (checked by code written
 * from the definition, not from the algorithm); on small ones, every stable matching is found by
 * brute force and each group gets the best topic it has in any of them.
 */

/** Every matching of a small instance: each group unmatched or on one of its topics, capacities kept. */
function allMatchings(inst: SpaInstance): SpaMatching[] {
  const out: SpaMatching[] = [];
  const current: SpaMatching = [];
  const walk = (g: number) => {
    if (g === inst.prefs.length) {
      if (isValidMatching(inst, current)) out.push([...current]);
      return;
    }
    for (const choice of [null, ...inst.prefs[g]]) {
      current[g] = choice;
      walk(g + 1);
    }
  };
  walk(0);
  return out;
}

const rank = (inst: SpaInstance, m: SpaMatching, g: number) =>
  m[g] === null ? Number.POSITIVE_INFINITY : inst.prefs[g].indexOf(m[g]!);

describe("SPA-student", () => {
  it("gives a valid matching with no blocking pair, on thousands of random instances", () => {
    fc.assert(
      fc.property(instance({ groups: 40, topics: 12, supervisors: 5, prefs: 5 }), (inst) => {
        const m = spaStudent(inst);
        expect(isValidMatching(inst, m)).toBe(true);
        expect(blockingPairs(inst, m)).toEqual([]);
      }),
      { numRuns: 3000 },
    );
  });

  it("gives each group the best topic it has in any stable matching (brute force over every matching)", () => {
    fc.assert(
      fc.property(instance({ groups: 6, topics: 4, supervisors: 3, prefs: 3 }), (inst) => {
        const m = spaStudent(inst);
        const stable = allMatchings(inst).filter((x) => blockingPairs(inst, x).length === 0);
        // The algorithm's matching is one of them.
        expect(stable).toContainEqual(m);
        for (let g = 0; g < inst.prefs.length; g++) {
          const best = Math.min(...stable.map((x) => rank(inst, x, g)));
          expect(rank(inst, m, g)).toBe(best);
        }
      }),
      { numRuns: 600 },
    );
  });

  it("is a function of its input: the same instance gives the same matching", () => {
    fc.assert(
      fc.property(instance({ groups: 30, topics: 10, supervisors: 4, prefs: 5 }), (inst) => {
        expect(spaStudent(inst)).toEqual(spaStudent(structuredClone(inst)));
      }),
      { numRuns: 300 },
    );
  });

  it("a worked example: groups that compete for a full supervisor fall back to their next choice", () => {
    // Supervisor 0 takes one group and prefers group 1; topic 0 and topic 1 are both theirs.
    const inst: SpaInstance = {
      prefs: [[0, 2], [1, 2], [0]],
      topics: [
        { supervisor: 0, capacity: 1 },
        { supervisor: 0, capacity: 1 },
        { supervisor: 1, capacity: 2 },
      ],
      supervisors: [
        { capacity: 1, ranking: [1, 0, 2] },
        { capacity: 5, ranking: [0, 1] },
      ],
    };
    expect(spaStudent(inst)).toEqual([2, 1, null]);
    expect(blockingPairs(inst, [0, 2, null])).toEqual([{ group: 1, topic: 1 }]);
  });

  it("the checker finds what a move by hand breaks", () => {
    const inst: SpaInstance = {
      prefs: [[0], [0]],
      topics: [{ supervisor: 0, capacity: 1 }],
      supervisors: [{ capacity: 1, ranking: [0, 1] }],
    };
    expect(spaStudent(inst)).toEqual([0, null]);
    // Giving the topic to the group the supervisor ranks lower makes (0, topic 0) block.
    expect(blockingPairs(inst, [null, 0])).toEqual([{ group: 0, topic: 0 }]);
    // Leaving the topic empty makes both block.
    expect(blockingPairs(inst, [null, null])).toEqual([
      { group: 0, topic: 0 },
      { group: 1, topic: 0 },
    ]);
  });
});
