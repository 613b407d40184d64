import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { randomInstance } from "../../test/spa-instances";
import { blockingPairs } from "./blocking-pairs";
import { receiptHolds, receiptsFor } from "./receipts";
import { type SpaInstance, type SpaMatching, spaStudent } from "./spa-student";

/**
 * Receipts (DESIGN.md §20, issue 33 item 1) on thousands of random instances, before and after
 * random moves by hand, against a checker written from the sentences the groups read.
 */

/**
 * Moves by hand as the committee makes them: a group to any topic with room (topic and supervisor),
 * on its list or not, or to none.
 */
const withMoves = (inst: SpaInstance) =>
  fc
    .array(fc.record({ group: fc.nat(), topic: fc.option(fc.nat(), { nil: null }) }), { maxLength: 4 })
    .map((moves) => {
      const m = spaStudent(inst);
      for (const { group, topic } of moves) {
        const g = group % inst.prefs.length;
        if (topic === null) {
          m[g] = null;
          continue;
        }
        const p = topic % inst.topics.length;
        const k = inst.topics[p].supervisor;
        const onP = m.filter((x, h) => h !== g && x === p).length;
        const withK = m.filter((x, h) => h !== g && x !== null && inst.topics[x].supervisor === k).length;
        if (onP < inst.topics[p].capacity && withK < inst.supervisors[k].capacity) m[g] = p;
      }
      return m;
    });

const cases = randomInstance({ groups: 30, topics: 10, supervisors: 4, prefs: 5 }).chain((inst) =>
  fc.record({ inst: fc.constant(inst), matching: fc.oneof(fc.constant(spaStudent(inst)), withMoves(inst)) }),
);

/**
 * The checker, from the words: "All n places of T went to groups ranked above yours or ahead of
 * yours by lot" is true when T holds exactly its n places and its supervisor's list puts each of
 * those groups before ours; "S's n places went to groups ranked above yours…" the same of every
 * group S holds; "would both rather have each other" when the group prefers T to what it got and
 * the supervisor, having room or someone they like less, would take it.
 */
function sentenceIsTrue(
  inst: SpaInstance,
  m: SpaMatching,
  g: number,
  r: ReturnType<typeof receiptsFor>[number],
) {
  const k = inst.topics[r.topic].supervisor;
  const before = (h: number) => {
    const list = inst.supervisors[k].ranking;
    return list.includes(h) && (!list.includes(g) || list.indexOf(h) < list.indexOf(g));
  };
  if (r.why === "topicFull") {
    const held = m.flatMap((x, h) => (x === r.topic ? [h] : []));
    return r.places === inst.topics[r.topic].capacity && held.length === r.places && held.every(before);
  }
  if (r.why === "supervisorFull") {
    const held = m.flatMap((x, h) => (x !== null && inst.topics[x].supervisor === k ? [h] : []));
    return r.places === inst.supervisors[k].capacity && held.length === r.places && held.every(before);
  }
  return blockingPairs(inst, m).some((b) => b.group === g && b.topic === r.topic);
}

describe("receipts", () => {
  it("explain every topic a group ranked above its own, each statement true, on thousands of random instances", () => {
    fc.assert(
      fc.property(cases, ({ inst, matching }) => {
        const pairs = blockingPairs(inst, matching);
        for (let g = 0; g < inst.prefs.length; g++) {
          const receipts = receiptsFor(inst, matching, g);
          // One receipt per topic listed above the one it got (all of its list when unmatched or
          // placed by hand on a topic it did not list), in its order.
          const got = matching[g];
          const list = inst.prefs[g];
          const above = got === null || !list.includes(got) ? list : list.slice(0, list.indexOf(got));
          expect(receipts.map((r) => r.topic)).toEqual(above);
          for (const r of receipts) {
            expect(sentenceIsTrue(inst, matching, g, r), JSON.stringify({ g, r })).toBe(true);
            expect(receiptHolds(inst, matching, g, r)).toBe(true);
          }
          // Exactly the blocking pairs that involve the group are named as such.
          expect(receipts.filter((r) => r.why === "blockingPair").map((r) => r.topic)).toEqual(
            pairs.filter((b) => b.group === g).map((b) => b.topic),
          );
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("the algorithm's own matching needs no blocking pair to explain anything", () => {
    fc.assert(
      fc.property(randomInstance({ groups: 40, topics: 12, supervisors: 5, prefs: 5 }), (inst) => {
        const m = spaStudent(inst);
        for (let g = 0; g < inst.prefs.length; g++)
          expect(receiptsFor(inst, m, g).every((r) => r.why !== "blockingPair")).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it("the server's check refuses a statement that is not true", () => {
    const inst: SpaInstance = {
      prefs: [[0], [0]],
      topics: [{ supervisor: 0, capacity: 1 }],
      supervisors: [{ capacity: 1, ranking: [0, 1] }],
    };
    // Group 1 is on the topic; group 0, ranked above it, is not: "all places went to groups above yours" is false.
    expect(receiptHolds(inst, [null, 0], 0, { topic: 0, why: "topicFull", places: 1 })).toBe(false);
    expect(receiptHolds(inst, [null, 0], 0, { topic: 0, why: "blockingPair" })).toBe(true);
    expect(receiptHolds(inst, [0, null], 1, { topic: 0, why: "topicFull", places: 1 })).toBe(true);
    expect(receiptHolds(inst, [0, null], 1, { topic: 0, why: "topicFull", places: 2 })).toBe(false);
    expect(receiptHolds(inst, [0, null], 1, { topic: 0, why: "blockingPair" })).toBe(false);
  });
});
