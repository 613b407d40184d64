import type { Proposal, ProposalSummary } from "@shared/schemas/proposals";
import type { Db } from "../../db/client";
import { iso } from "../../db/query";
import { NotFoundError } from "../../lib/errors";
import type { ProposalRow } from "./proposal-sql";
import { selectProposal } from "./proposals.repository";

/**
 * A proposal's answer, built in one place from the one row every read selects (proposal-sql.ts):
 * the page, the list (with an excerpt), the transitions' answers, "my data" and the committee's
 * export all read a proposal through here (decision 0045).
 */

const ref = (id: string | null, name: string | null) => (id === null ? null : { id, name: name ?? "" });

/** A proposal as the API answers it, from its row; a list's row carries an excerpt as `abstract`. */
export function fromRow(r: ProposalRow) {
  const members = (r.members ?? []).map(([id, name, studentId, position, state]) => ({
    id,
    name,
    studentId,
    position,
    state: state as "accepted" | "invited",
  }));
  return {
    id: r.id,
    title: r.title,
    type: r.type,
    status: r.status,
    researchCell: r.cell_id === null ? null : { id: r.cell_id, title: r.cell_title ?? "" },
    supervisor:
      r.supervisor_id === null
        ? null
        : { id: r.supervisor_id, name: r.supervisor_name ?? "", email: r.supervisor_email ?? "" },
    createdBy: { id: r.created_by, name: members.find((m) => m.id === r.created_by)?.name ?? "" },
    members,
    createdAt: iso(r.created_at)!,
    feedback: r.feedback,
    reviewedAt: iso(r.reviewed_at),
    reviewedBy: ref(r.reviewer_id, r.reviewer_name),
    term: {
      id: r.term_id,
      name: r.term_name,
      mode: r.term_mode,
      committeeApproval: r.term_committee_approval,
      revisionsCloseAt: iso(r.term_revisions_close_at),
    },
    reviewDueAt: iso(r.review_due_at),
    committeeFeedback: r.committee_feedback,
    committeeDecidedAt: iso(r.committee_decided_at),
    committeeDecidedBy: ref(r.committee_decider_id, r.committee_decider_name),
    version: r.version ?? 0,
    document: r.document,
    thesisId: r.thesis_id,
  };
}

export const toProposal = (r: ProposalRow): Proposal => ({ ...fromRow(r), abstract: r.abstract });
export const toSummary = (r: ProposalRow): ProposalSummary => ({ ...fromRow(r), excerpt: r.abstract });

/** A proposal whole, with no visibility check: for callers that have decided who may see it. */
export async function proposalById(db: Db, id: string): Promise<Proposal> {
  const row = await selectProposal(db, id);
  if (!row) throw new NotFoundError();
  return toProposal(row);
}
