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
import type { KeptAnswers } from "../../lib/kept-answers";
import type { SessionUser } from "../../plugins/auth";
import { emails } from "../outbox/emails";
import { emailTemplate } from "../outbox/outbox.service";
import {
  findIdByRequestId,
  findProposalById,
  findVisibleProposal,
  listVisibleProposals,
  selectListVersion,
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

/**
 * A page of the proposals the caller may see. A student's or a supervisor's answer is kept as
 * JSON text under the version of their lists (migration 0009) and sent again while the version
 * read at the start of a request is the same: then the request costs one primary-key read (and,
 * for a supervisor, counting their proposals in an index). The key starts with the caller's id,
 * and no two people ever have the same version, so an answer only goes to the person it was read for.
 */
export async function listProposals(
  db: Db,
  user: SessionUser,
  q: z.output<typeof proposalListQuery>,
  cache: KeptAnswers<ProposalList>,
): Promise<JsonText<ProposalList>> {
  const key = JSON.stringify([user.id, user.role, q.status ?? "", q.type ?? "", q.order, q.page, q.pageSize]);
  // Only an answer kept for this key needs the version first; otherwise the page statement reads it.
  // The committee's lists have no version, so none of theirs is ever kept.
  if (user.role !== "committee" && cache.has(key)) {
    const version = await selectListVersion(db, { id: user.id, role: user.role });
    const kept = version === null ? undefined : cache.get(key, version);
    if (kept) return kept;
  }
  const { body, version } = await listVisibleProposals(db, user, {
    status: q.status,
    type: q.type,
    order: q.order,
    limit: q.pageSize,
    offset: (q.page - 1) * q.pageSize,
  });
  if (version !== null) cache.set(key, version, body);
  return body;
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
