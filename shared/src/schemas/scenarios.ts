import { z } from "zod";
import { LIMITS } from "../limits";
import { supervisorLoadSchema, topicInputSchema } from "./allocation";
import { namedRef, shownText, uuid } from "./common";
import { capacityInputSchema } from "./terms";

/**
 * The allocation's what-if scenarios (DESIGN.md §20, §23): the committee copies the draft, changes
 * topic and supervisor capacities there (never the real ones), runs the same matching, compares it
 * with the draft, and discards it or makes it the draft.
 */

/** POST /api/terms/:id/allocation/scenarios: a name, or "Scenario N". */
export const scenarioInputSchema = z.object({
  name: shownText("Name", LIMITS.termNameMax).optional(),
});

/**
 * PATCH …/scenarios/:sid: capacities by topic id and by supervisor id, each as the real one is
 * checked (a topic's at least 1 group, a supervisor's at least 0); those left out keep their value.
 */
export const scenarioPatchSchema = z.object({
  topicCapacities: z
    .record(uuid({ error: "Invalid topic." }), topicInputSchema.shape.capacity, {
      error: "Topic capacities must map topics to numbers of groups.",
    })
    .optional(),
  supervisorCapacities: z
    .record(uuid({ error: "Invalid supervisor." }), capacityInputSchema.shape.capacity, {
      error: "Supervisor capacities must map supervisors to numbers of groups.",
    })
    .optional(),
});
export type ScenarioPatch = z.input<typeof scenarioPatchSchema>;

export const scenarioParams = z.object({
  id: uuid({ error: "Invalid term." }),
  sid: uuid({ error: "Invalid scenario." }),
});

const placement = z.object({ topicId: z.string().nullable(), rank: z.number().nullable() });

/** One side of the comparison: the same figures the draft shows (instance.ts), for the draft or the scenario. */
export const scenarioFiguresSchema = z.object({
  groups: z.number(),
  matched: z.number(),
  /** Groups matched to their 1st, 2nd, … choice (index 0 = first). */
  byRank: z.array(z.number()),
  unmatched: z.number(),
  /** Each supervisor: groups held already, groups this result gives them, their places. */
  load: z.array(supervisorLoadSchema),
});
export type ScenarioFigures = z.infer<typeof scenarioFiguresSchema>;

export const scenarioSummarySchema = z.object({
  id: z.string(),
  termId: z.string(),
  name: z.string(),
  madeAt: z.string(),
  madeBy: namedRef.nullable(),
  /** Null until it runs, and again after each change of its capacities. */
  ranAt: z.string().nullable(),
  /** The draft was run again or moved, or a real capacity changed, since the copy: it cannot be adopted. */
  stale: z.boolean(),
});
export type ScenarioSummary = z.infer<typeof scenarioSummarySchema>;

export const scenarioSchema = scenarioSummarySchema.extend({
  /** The lot's seed: the draft's, so only the capacities differ. */
  seed: z.string(),
  topics: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      supervisorId: z.string(),
      real: z.number(),
      scenario: z.number(),
    }),
  ),
  supervisors: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      real: z.number().nullable(),
      scenario: z.number().nullable(),
    }),
  ),
  /** After a run: the draft and the scenario side by side, and each group whose result changes. */
  comparison: z
    .object({
      draft: scenarioFiguresSchema,
      scenario: scenarioFiguresSchema,
      changes: z.array(
        z.object({
          proposalId: z.string(),
          title: z.string(),
          creator: z.string(),
          draft: placement,
          scenario: placement,
        }),
      ),
    })
    .nullable(),
});
export type Scenario = z.infer<typeof scenarioSchema>;
export const scenarioResponse = z.object({ scenario: scenarioSchema });
export const scenarioListResponse = z.object({ items: z.array(scenarioSummarySchema) });
export type ScenarioList = z.infer<typeof scenarioListResponse>;
