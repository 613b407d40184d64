import fc from "fast-check";
import type { SpaInstance } from "../modules/allocation/spa-student";

/** Random SPA instances for property tests of the allocation (spa-student.test, receipts.test). */

/** A random instance: supervisors with capacities (sometimes unlimited), their topics, groups' lists. */
export const randomInstance = (max: { groups: number; topics: number; supervisors: number; prefs: number }) =>
  fc
    .record({
      supervisors: fc.array(
        fc.oneof(
          { weight: 5, arbitrary: fc.integer({ min: 0, max: 4 }) },
          { weight: 1, arbitrary: fc.constant(Number.POSITIVE_INFINITY) },
        ),
        { minLength: 1, maxLength: max.supervisors },
      ),
      topicCount: fc.integer({ min: 1, max: max.topics }),
      groupCount: fc.integer({ min: 1, max: max.groups }),
      seed: fc.integer(),
    })
    .chain(({ supervisors, topicCount, groupCount }) =>
      fc
        .record({
          topics: fc.array(
            fc.record({
              supervisor: fc.integer({ min: 0, max: supervisors.length - 1 }),
              capacity: fc.integer({ min: 1, max: 3 }),
            }),
            { minLength: topicCount, maxLength: topicCount },
          ),
          prefs: fc.array(
            fc.uniqueArray(fc.integer({ min: 0, max: topicCount - 1 }), {
              minLength: 0,
              maxLength: Math.min(max.prefs, topicCount),
            }),
            { minLength: groupCount, maxLength: groupCount },
          ),
          rankings: fc.array(
            fc.shuffledSubarray(
              Array.from({ length: groupCount }, (_, g) => g),
              { minLength: groupCount, maxLength: groupCount },
            ),
            { minLength: supervisors.length, maxLength: supervisors.length },
          ),
        })
        .map(
          ({ topics, prefs, rankings }): SpaInstance => ({
            prefs,
            topics,
            supervisors: supervisors.map((capacity, k) => ({ capacity, ranking: rankings[k] })),
          }),
        ),
    );
