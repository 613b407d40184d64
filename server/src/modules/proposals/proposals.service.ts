import { MSG } from "@shared/messages";
import type {
  createProposalSchema,
  Proposal,
  ProposalList,
  proposalListQuery,
} from "@shared/schemas/proposals";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { ConflictError, fieldError, NotFoundError, PG, pgConstraint, pgErrorCode } from "../../lib/errors";
import { announce } from "../../lib/events";
import type { JsonText } from "../../lib/json-text";
import type { SessionUser } from "../../plugins/auth";
import { emails } from "../outbox/emails";
import { emailTemplate } from "../outbox/outbox.service";
import {
  findIdByRequestId,
  findProposalById,
  findVisibleProposal,
  listVisibleProposals,
  submissionFacts,
  submitProposal,
} from "./proposals.repository";

export const PROPOSAL_MSG = {
  supervisorNotInCell: "The chosen supervisor is not assigned to this research cell.",
  selfAsMember: "You are already in the group; choose other students as group members.",
  memberNotFound: "A group member was not found.",
  memberNotStudent: "Group members must be students.",
} as const;

const ACTIVE_MEMBERSHIP_INDEX = "proposal_members_one_active_uq";

type CreateInput = z.output<typeof createProposalSchema>;

/**
 * Submits a proposal: Pending, the creator first and up to two other students. The checks,
 * the proposal, its members and the supervisor's email are one statement (one round trip,
 * committed together or not at all); the live event follows the commit. The partial unique index
 * on active memberships is the real guard, so of two simultaneous submissions naming one
 * student exactly one succeeds. A retried request (same requestId) returns the proposal the
 * first one made, with `created: false`.
 */
export async function createProposal(
  db: Db,
  user: SessionUser,
  input: CreateInput,
  publicUrl: string,
): Promise<{ proposal: Proposal; created: boolean }> {
  const requestId = input.requestId ?? null;
  const groupIds = [user.id, ...input.memberIds];
  const existing = async () => {
    const id = requestId ? await findIdByRequestId(db, user.id, requestId) : undefined;
    return id ? await findProposalById(db, id) : undefined;
  };
  if (input.memberIds.includes(user.id)) throw fieldError("memberIds", PROPOSAL_MSG.selfAsMember);

  try {
    const facts = await submitProposal(
      db,
      {
        title: input.title,
        abstract: input.abstract,
        type: input.type,
        researchCellId: input.researchCellId,
        supervisorId: input.supervisorId,
        createdBy: user.id,
        requestId,
      },
      groupIds,
      emailTemplate(emails.proposalSubmitted(publicUrl, { title: input.title, by: user.name })),
    );
    const byId = new Map(facts.people.map((p) => [p.id, p]));
    const group = groupIds.map((id) => byId.get(id));
    if (!facts.inserted) {
      // Nothing was written: say which check failed, in the order a person would fix them.
      if (facts.cellTitle === null) throw fieldError("researchCellId", MSG.cellNotFound);
      if (!facts.supervisor) throw fieldError("supervisorId", PROPOSAL_MSG.supervisorNotInCell);
      if (group.some((p) => !p)) throw fieldError("memberIds", PROPOSAL_MSG.memberNotFound);
      if (group.some((p) => p!.role !== "student"))
        throw fieldError("memberIds", PROPOSAL_MSG.memberNotStudent);
      const taken = group.find((p) => p!.active);
      throw new ConflictError(MSG.alreadyInActiveProposal(taken?.name ?? "A group member"));
    }
    const { id, createdAt } = facts.inserted;
    // Committed: now tell the supervisor and the other members (see announce()).
    await announce(db, [input.supervisorId, ...input.memberIds], {
      type: "proposal.submitted",
      proposalId: id,
      title: input.title,
      by: user.name,
    });
    const proposal: Proposal = {
      id,
      title: input.title,
      abstract: input.abstract,
      type: input.type,
      status: "Pending",
      researchCell: { id: input.researchCellId, title: facts.cellTitle! },
      supervisor: facts.supervisor,
      createdBy: { id: user.id, name: group[0]!.name },
      members: group.map((p, position) => ({
        id: p!.id,
        name: p!.name,
        studentId: p!.studentId,
        position,
      })),
      createdAt,
      feedback: null,
      reviewedAt: null,
      reviewedBy: null,
    };
    return { proposal, created: true };
  } catch (err) {
    const unique = pgErrorCode(err) === PG.uniqueViolation;
    // A retry (a double click, a resent request): the first one committed, so this one found
    // the creator busy or hit the request's unique index. The first one's proposal is the answer.
    if (requestId && (unique || err instanceof ConflictError)) {
      const again = await existing();
      if (again) return { proposal: again, created: false };
    }
    if (!unique) throw err;
    if (pgConstraint(err) === ACTIVE_MEMBERSHIP_INDEX) {
      // Another submission took one of the group between our check and our insert: name who.
      const facts = await submissionFacts(db, input.researchCellId, input.supervisorId, groupIds);
      const taken = groupIds.map((id) => facts.people.find((p) => p.id === id)).find((p) => p?.active);
      throw new ConflictError(MSG.alreadyInActiveProposal(taken?.name ?? "A group member"));
    }
    throw err;
  }
}

export async function listProposals(
  db: Db,
  user: SessionUser,
  q: z.output<typeof proposalListQuery>,
): Promise<JsonText<ProposalList>> {
  return listVisibleProposals(db, user, {
    status: q.status,
    type: q.type,
    order: q.order,
    limit: q.pageSize,
    offset: (q.page - 1) * q.pageSize,
  });
}

/** One proposal as `{"proposal": …}`, or 404 when the caller may not see it (ids leak nothing). */
export async function getProposal(
  db: Db,
  user: SessionUser,
  id: string,
): Promise<JsonText<{ proposal: Proposal }>> {
  const proposal = await findVisibleProposal(db, user, id);
  if (!proposal) throw new NotFoundError();
  return proposal;
}
