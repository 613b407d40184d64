import type { ThesisAction } from "@shared/thesis-life";
import type { RequestContext } from "../../lib/request-context";
import { recordIn } from "../activity/activity.repository";
import { cancelDefenseRow } from "./defenses.repository";

/** The thesis's actions that cancel its defense (DESIGN.md §18): a return, a cancellation, an annulment. */
const ENDS_DEFENSE: ReadonlySet<ThesisAction> = new Set(["return", "cancel", "annul"]);

/**
 * Called by the thesis's engine in the transaction of each of its actions: one that ends the
 * defense cancels the thesis's active defense (its people freed) and records it.
 */
export async function endDefenseWithThesis(
  c: RequestContext,
  thesis: { id: string; proposal_id: string; title: string },
  action: ThesisAction,
) {
  if (!ENDS_DEFENSE.has(action)) return;
  const id = await cancelDefenseRow(c.db, { thesisId: thesis.id }, c.now);
  if (id)
    await recordIn(c, "defense", "cancel", {
      proposalId: thesis.proposal_id,
      subjectId: id,
      subjectName: thesis.title,
    });
}
