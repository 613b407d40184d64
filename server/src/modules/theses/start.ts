import { THESIS_TRANSITIONS, thesisDueAt } from "@shared/thesis-life";
import { chooseLifeRow } from "../../lib/life";
import type { RequestContext } from "../../lib/request-context";
import { recordActivity } from "../activity/activity.repository";
import { insertThesis, selectThesisTerm } from "./theses.repository";
import { THESIS_WORDS } from "./words";

/**
 * The thesis table's first row (DESIGN.md §16): an Approved proposal starts its thesis, in the
 * transaction that approved it (the proposal engine calls this wherever a proposal becomes
 * Approved), due by the term's settings as they are now, with its supervisor as first examiner.
 * This file imports nothing of the proposal engine, which imports it.
 */
export async function startThesis(
  c: Pick<RequestContext, "db" | "by" | "now">,
  proposal: { id: string; term_id: string; supervisor_id: string | null },
): Promise<string> {
  const row = chooseLifeRow(THESIS_TRANSITIONS, THESIS_WORDS, "start", null, ["system"], {});
  const term = (await selectThesisTerm(c.db, proposal.term_id))!;
  const dueAt = thesisDueAt(c.now, { thesisDueAt: term.thesis_due_at, writingWeeks: term.writing_weeks });
  const id = await insertThesis(c.db, {
    proposalId: proposal.id,
    startedAt: c.now,
    dueAt,
    firstExaminerId: proposal.supervisor_id,
  });
  await recordActivity(c.db, {
    at: c.now,
    actorId: c.by?.id ?? null,
    kind: "thesis",
    action: "start",
    proposalId: proposal.id,
    toThesisState: row.to === "unchanged" ? null : row.to,
  });
  return id;
}
