import { MSG } from "@shared/messages";
import { ConflictError, NotFoundError } from "../../lib/errors";
import { inTransaction, type RequestContext } from "../../lib/request-context";
import type { SessionUser } from "../../plugins/auth";
import { recordIn } from "../activity/activity.repository";
import { upsertCapacity } from "../terms/terms.repository";
import { lockInputs, saveDraft } from "./allocation.repository";
import { unpublishedDraft } from "./allocation.service";
import { selectDraftMoves } from "./certificate.repository";
import { inputsDigest, readInputs } from "./inputs";
import { matchedIn, summary } from "./instance";
import { capacitiesOf, draftMark, sameCapacities, withCapacities } from "./scenario-instance";
import { deleteScenario, selectScenario, setTopicCapacity } from "./scenarios.repository";
import { selectAllocationTerm } from "./topics.repository";

/**
 * Makes a scenario the draft (DESIGN.md §20), after the committee's confirmation, in one
 * transaction: its capacities become the real ones and its result the draft, with its seed and the
 * digest of the inputs it ran on (which the real inputs have once its capacities are applied, so the
 * new draft is up to date). Refused with 409, nothing changed, when the draft was run again or moved
 * or a real capacity changed since the copy, when it has not run since its last change, or when
 * another input changed since its run. The term and the inputs are held as for a publication.
 */
export async function adoptScenario(ctx: RequestContext<SessionUser>, termId: string, id: string) {
  return inTransaction(ctx, async (c) => {
    const tx = c.db;
    // The term first (as a publication), then the scenario: another term's is 404 before anything else.
    const term = await selectAllocationTerm(tx, termId, "update");
    if (!term) throw new NotFoundError(MSG.termNotFound);
    const s = await selectScenario(tx, termId, id, true);
    if (!s) throw new NotFoundError(MSG.scenarioNotFound);
    const { draft } = await unpublishedDraft(tx, termId, "update");
    await lockInputs(tx, termId);
    const moves = await selectDraftMoves(tx, termId);
    const inputs = await readInputs(tx, termId);
    if (draftMark(draft, moves.length) !== s.base_draft || !sameCapacities(capacitiesOf(inputs), s.base))
      throw new ConflictError(MSG.scenarioStale);
    if (!s.result || !s.result_digest) throw new ConflictError(MSG.scenarioNotRun);
    if (inputsDigest(withCapacities(inputs, s.capacities)) !== s.result_digest)
      throw new ConflictError(MSG.scenarioOutOfDate);

    for (const t of inputs.topics) {
      const capacity = s.capacities.topics[t.id];
      if (capacity !== undefined && capacity !== t.capacity) await setTopicCapacity(tx, t.id, capacity);
    }
    for (const x of inputs.supervisors) {
      const capacity = s.capacities.supervisors[x.id];
      if (capacity !== undefined && capacity !== null && capacity !== x.capacity)
        await upsertCapacity(tx, termId, x.id, capacity);
    }
    // The real inputs now are the scenario's: checked, so the draft is never made out of date by it.
    if (inputsDigest(await readInputs(tx, termId)) !== s.result_digest)
      throw new ConflictError(MSG.scenarioOutOfDate);
    const assignments = s.result.map(([proposalId, topicId, rank]) => ({ proposalId, topicId, rank }));
    await saveDraft(
      tx,
      { termId, inputsDigest: s.result_digest, seed: s.seed, at: c.now, by: c.by.id },
      assignments,
    );
    await deleteScenario(tx, id);
    await recordIn(c, "allocation", "scenarioAdopt", {
      subjectId: termId,
      subjectName: term.name,
      note: `"${s.name}": ${matchedIn(assignments)} of ${assignments.length} groups matched`,
    });
    return summary(assignments, s.seed);
  });
}
