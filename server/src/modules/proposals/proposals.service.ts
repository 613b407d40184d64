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
import { publish } from "../../lib/events";
import type { SessionUser } from "../../plugins/auth";
import { emails } from "../outbox/emails";
import { enqueueEmails } from "../outbox/outbox.service";
import {
  activeMembersAmong,
  cellExists,
  findIdByRequestId,
  findProposalById,
  findProposalsByIds,
  insertProposal,
  isSupervisorOfCell,
  isVisible,
  listProposalIds,
  usersByIds,
} from "./proposals.repository";

export const PROPOSAL_MSG = {
  supervisorNotInCell: "The chosen supervisor is not assigned to this research cell.",
  selfAsMember: "You are already in the group; choose other students as group members.",
  memberNotFound: "A group member was not found.",
  memberNotStudent: "Group members must be students.",
} as const;

const ACTIVE_MEMBERSHIP_INDEX = "proposal_members_one_active_uq";

type CreateInput = z.output<typeof createProposalSchema>;

/** Names the first of these students (group order) who already holds an active proposal, if any. */
async function firstActive(db: Db, groupIds: string[]): Promise<string | undefined> {
  const active = await activeMembersAmong(db, groupIds);
  const byId = new Map(active.map((a) => [a.userId, a.name]));
  for (const id of groupIds) if (byId.has(id)) return byId.get(id);
  return undefined;
}

async function checkSubmission(db: Db, user: SessionUser, input: CreateInput, groupIds: string[]) {
  if (!(await cellExists(db, input.researchCellId))) throw fieldError("researchCellId", MSG.cellNotFound);
  if (!(await isSupervisorOfCell(db, input.supervisorId, input.researchCellId)))
    throw fieldError("supervisorId", PROPOSAL_MSG.supervisorNotInCell);

  if (input.memberIds.includes(user.id)) throw fieldError("memberIds", PROPOSAL_MSG.selfAsMember);
  const found = await usersByIds(db, input.memberIds);
  if (found.length !== input.memberIds.length) throw fieldError("memberIds", PROPOSAL_MSG.memberNotFound);
  if (found.some((u) => u.role !== "student")) throw fieldError("memberIds", PROPOSAL_MSG.memberNotStudent);

  // The common case gets its message here; the unique index settles races below.
  const taken = await firstActive(db, groupIds);
  if (taken) throw new ConflictError(MSG.alreadyInActiveProposal(taken));
}

/**
 * Submits a proposal: Pending, the creator first and up to two other students. One
 * transaction; the partial unique index on active memberships is the real guard, so of two
 * simultaneous submissions naming one student exactly one succeeds. A retried request (same
 * requestId) returns the proposal the first one made, with `created: false`.
 */
export async function createProposal(
  db: Db,
  user: SessionUser,
  input: CreateInput,
  publicUrl: string,
): Promise<{ proposal: Proposal; created: boolean }> {
  const requestId = input.requestId ?? null;
  const existing = async () => {
    const id = requestId ? await findIdByRequestId(db, user.id, requestId) : undefined;
    return id ? await findProposalById(db, id) : undefined;
  };
  const first = await existing();
  if (first) return { proposal: first, created: false };

  const groupIds = [user.id, ...input.memberIds];
  try {
    const proposal = await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      await checkSubmission(tx, user, input, groupIds);
      const id = await insertProposal(
        tx,
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
      );
      // Told only once the transaction commits (NOTIFY and the outbox are transactional).
      await publish(tx, [input.supervisorId, ...input.memberIds], {
        type: "proposal.submitted",
        proposalId: id,
        title: input.title,
        by: user.name,
      });
      await enqueueEmails(
        tx,
        [input.supervisorId],
        emails.proposalSubmitted(publicUrl, { title: input.title, by: user.name }),
      );
      const created = await findProposalById(tx, id);
      if (!created) throw new Error("proposal vanished inside its own transaction");
      return created;
    });
    return { proposal, created: true };
  } catch (err) {
    const unique = pgErrorCode(err) === PG.uniqueViolation;
    // A retry that raced its twin (a double click): the twin committed first, so this one
    // found the creator busy or hit a unique index. The twin's proposal is the answer.
    if (requestId && (unique || err instanceof ConflictError)) {
      const again = await existing();
      if (again) return { proposal: again, created: false };
    }
    if (!unique) throw err;
    if (pgConstraint(err) === ACTIVE_MEMBERSHIP_INDEX) {
      // Another submission took one of the group between our check and our insert: name who.
      const taken = await firstActive(db, groupIds);
      throw new ConflictError(MSG.alreadyInActiveProposal(taken ?? "A group member"));
    }
    throw err;
  }
}

export async function listProposals(
  db: Db,
  user: SessionUser,
  q: z.output<typeof proposalListQuery>,
): Promise<ProposalList> {
  const { ids, total } = await listProposalIds(db, user, {
    status: q.status,
    type: q.type,
    order: q.order,
    limit: q.pageSize,
    offset: (q.page - 1) * q.pageSize,
  });
  return { items: await findProposalsByIds(db, ids), total };
}

/** One proposal, or 404 when the caller may not see it (ids leak nothing). */
export async function getProposal(db: Db, user: SessionUser, id: string): Promise<Proposal> {
  if (!(await isVisible(db, user, id))) throw new NotFoundError();
  const proposal = await findProposalById(db, id);
  if (!proposal) throw new NotFoundError();
  return proposal;
}
