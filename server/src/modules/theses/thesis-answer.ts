import type { Thesis } from "@shared/schemas/theses";
import {
  isThesisOverdue,
  shownThesisState,
  type ThesisParty,
  thesisActionsAllowed,
} from "@shared/thesis-life";
import { iso } from "../../db/query";
import type { ThesisRow } from "./theses.repository";

const person = (id: string | null, name: string | null) => (id ? { id, name: name ?? "" } : null);

/** An examiner's own assessment of a submitted thesis: due when, and whether it is in (§17). */
function yourAssessment(r: ThesisRow, parties: ThesisParty[]): Thesis["yourAssessment"] {
  const dueAt = iso(r.assessments_due_at);
  if (!dueAt) return null;
  if (parties.includes("firstExaminer")) return { dueAt, in: r.first_assessed_at !== null };
  if (parties.includes("secondExaminer")) return { dueAt, in: r.second_assessed_at !== null };
  return null;
}

/** A thesis as the caller may see it: a student sees Graded and Disputed as Submitted (§17). */
export function toThesis(r: ThesisRow, parties: ThesisParty[], now: Date): Thesis {
  return {
    id: r.id,
    proposalId: r.proposal_id,
    title: r.title,
    termId: r.term_id,
    termName: r.term_name,
    state: shownThesisState(r.state, parties),
    startedAt: iso(r.started_at),
    dueAt: iso(r.due_at),
    submittedAt: iso(r.submitted_at),
    supervisor: person(r.supervisor_id, r.supervisor_name),
    firstExaminer: person(r.first_examiner_id, r.first_examiner_name),
    secondExaminer: person(r.second_examiner_id, r.second_examiner_name),
    members: r.members,
    // What a student is shown must not tell them more than Submitted: their actions follow the state shown.
    actions: thesisActionsAllowed(shownThesisState(r.state, parties), parties),
    overdue: isThesisOverdue({ state: r.state, dueAt: iso(r.due_at) }, now.getTime()),
    yourAssessment: yourAssessment(r, parties),
    // While marked and not released, a member's answer changes with nothing done after the
    // submission (an examiner named, an assessment in, the decision): blind (§17).
    updatedAt:
      parties.includes("member") && shownThesisState(r.state, parties) === "Submitted"
        ? (iso(r.submitted_at) ?? iso(r.updated_at))
        : iso(r.updated_at),
  };
}
