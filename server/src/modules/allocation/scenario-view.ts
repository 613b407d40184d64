import type { Scenario, ScenarioFigures, ScenarioSummary } from "@shared/schemas/scenarios";
import type { Db } from "../../db/client";
import { iso } from "../../db/query";
import { selectAssignments, selectDraft } from "./allocation.repository";
import { selectDraftMoves } from "./certificate.repository";
import type { AllocationInputs } from "./inputs";
import { loadOf, matchedIn, summary } from "./instance";
import { capacitiesOf, draftMark, sameCapacities, withCapacities } from "./scenario-instance";
import type { ScenarioRow } from "./scenarios.repository";

/** A scenario as the committee reads it (DESIGN.md §20): its capacities beside the real ones, and the comparison. */

/** Whether the draft or the real capacities changed since the scenario was copied (then it cannot be adopted). */
export async function isStale(
  db: Db,
  s: Pick<ScenarioRow, "term_id" | "base_draft" | "base">,
  inputs: Pick<AllocationInputs, "topics" | "supervisors">,
) {
  const draft = await selectDraft(db, s.term_id);
  if (!draft) return true;
  const moves = await selectDraftMoves(db, s.term_id);
  return draftMark(draft, moves.length) !== s.base_draft || !sameCapacities(capacitiesOf(inputs), s.base);
}

export function toSummary(s: Omit<ScenarioRow, "result">, stale: boolean): ScenarioSummary {
  return {
    id: s.id,
    termId: s.term_id,
    name: s.name,
    madeAt: iso(s.made_at),
    madeBy: s.made_by_id ? { id: s.made_by_id, name: s.made_by_name ?? "" } : null,
    ranAt: iso(s.ran_at),
    stale,
  };
}

type Row = { proposalId: string; topicId: string | null; rank: number | null };

/** One side of the comparison: the draft's figures, by the draft's own definitions (instance.ts). */
function figures(inputs: Pick<AllocationInputs, "topics" | "supervisors">, rows: Row[]): ScenarioFigures {
  const s = summary(rows, "");
  return {
    groups: s.groups,
    matched: matchedIn(rows),
    byRank: s.byRank,
    unmatched: s.unmatched,
    load: loadOf(inputs, rows),
  };
}

/** The scenario with its capacities, and once run, the draft and the scenario side by side. */
export async function scenarioView(db: Db, s: ScenarioRow, inputs: AllocationInputs): Promise<Scenario> {
  const stale = await isStale(db, s, inputs);
  const c = s.capacities;
  let comparison: Scenario["comparison"] = null;
  if (s.result) {
    const draft: Row[] = (await selectAssignments(db, s.term_id)).map((r) => ({
      proposalId: r.proposal_id,
      topicId: r.topic_id,
      rank: r.rank,
    }));
    const scenario: Row[] = s.result.map(([proposalId, topicId, rank]) => ({ proposalId, topicId, rank }));
    const inDraft = new Map(draft.map((r) => [r.proposalId, r]));
    const inScenario = new Map(scenario.map((r) => [r.proposalId, r]));
    const none = { topicId: null, rank: null };
    const changes: NonNullable<Scenario["comparison"]>["changes"] = [];
    for (const g of inputs.groups) {
      const a = inDraft.get(g.id) ?? none;
      const b = inScenario.get(g.id) ?? none;
      if (a.topicId !== b.topicId)
        changes.push({
          proposalId: g.id,
          title: g.title,
          creator: g.creator,
          draft: { topicId: a.topicId, rank: a.rank },
          scenario: { topicId: b.topicId, rank: b.rank },
        });
    }
    comparison = {
      draft: figures(inputs, draft),
      scenario: figures(withCapacities(inputs, c), scenario),
      changes,
    };
  }
  return {
    ...toSummary(s, stale),
    seed: s.seed,
    topics: inputs.topics.map((t) => ({
      id: t.id,
      title: t.title,
      supervisorId: t.supervisor_id,
      real: t.capacity,
      scenario: c.topics[t.id] ?? t.capacity,
    })),
    supervisors: inputs.supervisors.map((x) => ({
      id: x.id,
      name: x.name,
      real: x.capacity,
      scenario: x.id in c.supervisors ? c.supervisors[x.id] : x.capacity,
    })),
    comparison,
  };
}
