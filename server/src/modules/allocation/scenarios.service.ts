import { LIMITS } from "@shared/limits";
import { MSG } from "@shared/messages";
import type {
  Scenario,
  ScenarioList,
  scenarioInputSchema,
  scenarioPatchSchema,
} from "@shared/schemas/scenarios";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { snapshot } from "../../db/query";
import { ConflictError, fieldError, NotFoundError } from "../../lib/errors";
import { inTransaction, type RequestContext } from "../../lib/request-context";
import type { SessionUser } from "../../plugins/auth";
import { selectDraft, selectOfferedTopics, selectSupervisorsOfTerm } from "./allocation.repository";
import { selectDraftMoves } from "./certificate.repository";
import { inputsDigest, readInputs } from "./inputs";
import { termInstance, toAssignments } from "./instance";
import { capacitiesOf, draftMark, withCapacities } from "./scenario-instance";
import { isStale, scenarioView, toSummary } from "./scenario-view";
import {
  countScenarios,
  deleteScenario,
  insertScenario,
  saveScenarioResult,
  selectScenario,
  selectScenarios,
  updateScenarioCapacities,
} from "./scenarios.repository";
import { spaStudent } from "./spa-student";
import { selectAllocationTerm } from "./topics.repository";

/**
 * What-if scenarios of a term's allocation (DESIGN.md §20): the committee copies the draft, changes
 * capacities in the copy, runs the same matching with the draft's seed and compares. Nothing here
 * changes a real capacity or the draft; adoption (scenario-adopt.service.ts) does, in one transaction.
 */

/** The allocation term (404), held FOR SHARE when changing, and not published yet when `open` (409). */
async function termOf(db: Db, termId: string, open: boolean) {
  const term = await selectAllocationTerm(db, termId, open ? "share" : null);
  if (!term) throw new NotFoundError(MSG.termNotFound);
  if (term.mode !== "allocation") throw new ConflictError(MSG.notAllocationTerm(term.name));
  if (open && term.allocation_published_at) throw new ConflictError(MSG.allocationPublished(term.name));
  return term;
}

/** The term's scenario (404 for none, or another term's). */
async function scenarioOf(db: Db, termId: string, id: string, lock = false) {
  const s = await selectScenario(db, termId, id, lock);
  if (!s) throw new NotFoundError(MSG.scenarioNotFound);
  return s;
}

/** Copies the term's draft (409 before a run) into a new scenario with the real capacities. */
export async function createScenario(
  ctx: RequestContext<SessionUser>,
  termId: string,
  input: z.output<typeof scenarioInputSchema>,
): Promise<Scenario> {
  return inTransaction(ctx, async (c) => {
    const tx = c.db;
    await termOf(tx, termId, true);
    const draft = await selectDraft(tx, termId, true);
    if (!draft) throw new ConflictError(MSG.allocationNotRun);
    const n = await countScenarios(tx, termId);
    if (n >= LIMITS.scenariosMax) throw new ConflictError(MSG.scenariosFull(LIMITS.scenariosMax));
    const real = {
      topics: await selectOfferedTopics(tx, termId),
      supervisors: await selectSupervisorsOfTerm(tx, termId),
    };
    const moves = await selectDraftMoves(tx, termId);
    const id = await insertScenario(tx, {
      termId,
      name: input.name ?? `Scenario ${n + 1}`,
      at: c.now,
      by: c.by.id,
      seed: draft.seed,
      baseDraft: draftMark(draft, moves.length),
      base: capacitiesOf(real),
    });
    return scenarioView(tx, (await selectScenario(tx, termId, id))!, await readInputs(tx, termId));
  });
}

export async function listScenarios(db: Db, termId: string): Promise<ScenarioList> {
  return snapshot(db, async (tx) => {
    await termOf(tx, termId, false);
    const rows = await selectScenarios(tx, termId);
    const real = {
      topics: await selectOfferedTopics(tx, termId),
      supervisors: await selectSupervisorsOfTerm(tx, termId),
    };
    const items = [];
    for (const s of rows) items.push(toSummary(s, await isStale(tx, s, real)));
    return { items };
  });
}

export async function readScenario(db: Db, termId: string, id: string): Promise<Scenario> {
  return snapshot(db, async (tx) => {
    await termOf(tx, termId, false);
    const s = await scenarioOf(tx, termId, id);
    return scenarioView(tx, s, await readInputs(tx, termId));
  });
}

/**
 * Changes capacities in the scenario only; each names a topic the term offers or a supervisor
 * offering one (400 otherwise, nothing changed). Its result is then unknown until it runs again.
 */
export async function editScenario(
  ctx: RequestContext,
  termId: string,
  id: string,
  patch: z.output<typeof scenarioPatchSchema>,
): Promise<Scenario> {
  return inTransaction(ctx, async (c) => {
    const tx = c.db;
    await termOf(tx, termId, true);
    const s = await scenarioOf(tx, termId, id, true);
    const inputs = await readInputs(tx, termId);
    const topicIds = new Set(inputs.topics.map((t) => t.id));
    const supervisorIds = new Set(inputs.supervisors.map((x) => x.id));
    const topics = patch.topicCapacities ?? {};
    const supervisors = patch.supervisorCapacities ?? {};
    if (Object.keys(topics).some((t) => !topicIds.has(t)))
      throw fieldError("topicCapacities", MSG.scenarioUnknownTopic);
    if (Object.keys(supervisors).some((x) => !supervisorIds.has(x)))
      throw fieldError("supervisorCapacities", MSG.scenarioUnknownSupervisor);
    const capacities = {
      topics: { ...s.capacities.topics, ...topics },
      supervisors: { ...s.capacities.supervisors, ...supervisors },
    };
    await updateScenarioCapacities(tx, id, capacities);
    return scenarioView(tx, { ...s, capacities, result: null, result_digest: null, ran_at: null }, inputs);
  });
}

export async function discardScenario(ctx: RequestContext, termId: string, id: string) {
  await inTransaction(ctx, async (c) => {
    await scenarioOf(c.db, termId, id, true);
    await deleteScenario(c.db, id);
  });
}

/**
 * Runs the draft's matching (spaStudent over termInstance, with the draft's seed) on the inputs as
 * they are now with the scenario's capacities, and keeps the result and the digest of those inputs
 * in the scenario. Answers the comparison with the draft.
 */
export async function runScenario(ctx: RequestContext, termId: string, id: string): Promise<Scenario> {
  return inTransaction(ctx, async (c) => {
    const tx = c.db;
    await termOf(tx, termId, true);
    const s = await scenarioOf(tx, termId, id, true);
    const inputs = await readInputs(tx, termId);
    const over = withCapacities(inputs, s.capacities);
    const t = termInstance(over, s.seed);
    const assignments = toAssignments(t, spaStudent(t.instance));
    const result = assignments.map(
      (a) => [a.proposalId, a.topicId, a.rank] as [string, string | null, number | null],
    );
    const digest = inputsDigest(over);
    await saveScenarioResult(tx, id, { result, digest, at: c.now });
    return scenarioView(tx, { ...s, result, result_digest: digest, ran_at: c.now.toISOString() }, inputs);
  });
}
