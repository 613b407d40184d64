import { LIMITS } from "@shared/limits";
import { MSG } from "@shared/messages";
import type {
  createProposalSchema,
  Proposal,
  ProposalGroups,
  ProposalList,
  proposalListQuery,
  SimilarProposal,
  similarProposalsQuery,
} from "@shared/schemas/proposals";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { counted, pageWindow } from "../../db/query";
import {
  ConflictError,
  fieldError,
  NotFoundError,
  PG,
  pgConstraint,
  pgErrorCode,
  RateLimitError,
} from "../../lib/errors";
import { inTransaction, type RequestContext } from "../../lib/request-context";
import type { SessionUser } from "../../plugins/auth";
import { replacePreferences } from "../allocation/allocation.repository";
import { checkPreferences } from "../allocation/preferences.service";
import { openForChange } from "../allocation/topics.service";
import { assertOwnDocument } from "../files/documents";
import { selectCurrentTerm } from "../terms/terms.repository";
import { assertPlaceLeft, assertWindowOpen } from "../terms/terms.service";
import { assertTakesProposals } from "../users/active-supervisor";
import { submitIn } from "./command";
import { assertInvitationsLeft } from "./invitation-limit";
import { declineOtherInvitations } from "./invitations";
import { proposalById, toProposal, toSummary } from "./projection";
import {
  findIdByRequestId,
  insertProposal,
  selectGroups,
  selectOwnProposals,
  selectProposal,
  selectProposalPage,
  selectSimilar,
  submissionFacts,
} from "./proposals.repository";
import { ACTIVE_MEMBERSHIP_INDEX } from "./transition";

export const PROPOSAL_MSG = {
  supervisorNotInCell: "The chosen supervisor is not assigned to this research cell.",
  selfAsMember: "You are already in the group; choose other students as group members.",
  memberNotFound: "A group member was not found.",
  memberNotStudent: "Group members must be students.",
} as const;

type CreateInput = z.output<typeof createProposalSchema>;

// ── reads ───────────────────────────────────────────────────────────────────

/** One proposal, or 404 when the caller may not see it (ids leak nothing). */
export async function getProposal(db: Db, user: SessionUser, id: string): Promise<Proposal> {
  const row = await selectProposal(db, id, user);
  if (!row) throw new NotFoundError();
  return toProposal(row);
}

/** Every proposal the caller is a party to and may see today, whole, as GET /api/proposals/:id answers it. */
export async function ownProposals(db: Db, user: SessionUser): Promise<Proposal[]> {
  return (await selectOwnProposals(db, user)).map(toProposal);
}

/** A page of the proposals the caller may see, counted up to LIMITS.listCountMax. */
export async function listProposals(
  db: Db,
  user: SessionUser,
  q: z.output<typeof proposalListQuery>,
): Promise<ProposalList> {
  const { limit, offset, cap } = pageWindow(q, LIMITS.listCountMax);
  const page = await selectProposalPage(db, user, {
    status: q.status,
    type: q.type,
    active: q.active,
    order: q.order,
    termId: q.termId,
    q: q.q,
    researchCellId: q.researchCellId,
    supervisorId: q.supervisorId,
    limit,
    offset,
    cap,
  });
  return { items: page.rows.map(toSummary), ...counted(page.total, cap) };
}

/** The caller's groups for Chat and Notices: the first LIMITS.pageSizeMax they may see, newest first. */
export async function proposalGroups(db: Db, user: SessionUser): Promise<ProposalGroups> {
  const rows = await selectGroups(db, user, LIMITS.pageSizeMax);
  return {
    items: rows.map((r) => ({
      id: r.id,
      title: r.title,
      status: r.status,
      supervisor: r.supervisor_id === null ? null : { id: r.supervisor_id, name: r.supervisor_name ?? "" },
      members: (r.members ?? []).map(([id, name]) => ({ id, name })),
    })),
  };
}

/**
 * The proposals whose titles are most like `title` among those the caller may already see
 * (DESIGN.md §19, decision 0058): it warns, never blocks. A title shorter than
 * LIMITS.similarTitleMin is too short to compare: nothing.
 */
export async function similarProposals(
  db: Db,
  user: SessionUser,
  q: z.output<typeof similarProposalsQuery>,
  timeZone: string,
): Promise<SimilarProposal[]> {
  if (q.title.length < LIMITS.similarTitleMin) return [];
  const rows = await selectSimilar(db, user, { ...q, limit: LIMITS.similarMax, timeZone });
  return rows.map((r) => ({ ...r, similarity: Math.round(r.similarity * 100) / 100 }));
}

// ── submission ──────────────────────────────────────────────────────────────

/**
 * Submits a proposal into the current term (DESIGN.md §8, §9): within the term's window and with
 * a place left with the supervisor; the creator takes their one place, and the students they name
 * are invited (no place taken; at most LIMITS.invitationsPerDay a day, DESIGN.md §21) — the
 * proposal is Awaiting members until everyone has answered, else Pending at once, by the table's
 * `submit` row. The checks, the proposal, its version 1, its timeline and its emails are one
 * transaction; live events follow the commit. The partial unique index on active memberships
 * is the real guard, so of two simultaneous submissions by one student exactly one succeeds. A
 * retried request (same requestId) returns the proposal the first one made, with `created: false`.
 */
export async function createProposal(
  ctx: RequestContext<SessionUser>,
  input: CreateInput,
): Promise<{ proposal: Proposal; created: boolean }> {
  const { by: user, now } = ctx;
  const { timeZone } = ctx;
  const requestId = input.requestId ?? null;
  const groupIds = [user.id, ...input.memberIds];
  if (input.memberIds.includes(user.id)) throw fieldError("memberIds", PROPOSAL_MSG.selfAsMember);

  try {
    const proposal = await inTransaction(ctx, async (c) => {
      const tx = c.db;
      // The current term's settings, as they are now (DESIGN.md §8): its window first.
      const term = (await selectCurrentTerm(tx))!;
      assertWindowOpen(term, now, timeZone);
      const allocation = term.mode === "allocation";
      if (allocation && !input.preferences) throw new ConflictError(MSG.rankTopicsInstead(term.name));
      if (!allocation && input.preferences) throw fieldError("preferences", MSG.notAllocationTerm(term.name));
      const facts = await submissionFacts(
        tx,
        term.id,
        input.researchCellId ?? null,
        input.supervisorId ?? null,
        groupIds,
      );
      // Say which check failed, in the order a person would fix them.
      if (!allocation && facts.cellTitle === null) throw fieldError("researchCellId", MSG.cellNotFound);
      if (!allocation && !facts.supervisor)
        throw fieldError("supervisorId", PROPOSAL_MSG.supervisorNotInCell);
      if (!allocation) await assertTakesProposals(tx, facts.supervisor!.id);
      const group = groupIds.map((id) => facts.people.find((p) => p.id === id));
      if (group.some((p) => !p)) throw fieldError("memberIds", PROPOSAL_MSG.memberNotFound);
      if (group.some((p) => p!.role !== "student"))
        throw fieldError("memberIds", PROPOSAL_MSG.memberNotStudent);
      // Nobody already placed can be invited (the member picker offers only free students).
      const taken = group.find((p) => p!.active);
      if (taken) throw new ConflictError(MSG.alreadyInActiveProposal(taken.name));
      await assertInvitationsLeft(tx, user.id, input.memberIds.length, now, timeZone);
      if (input.documentId) await assertOwnDocument(tx, input.documentId, user.id);
      if (allocation) {
        // A change to the term's preferences (DESIGN.md §11): refused once its allocation is published.
        const open = await openForChange(tx, term.id);
        await checkPreferences(tx, term.id, open.max_preferences, input.preferences!);
      }
      // Last, as it may wait for other submissions to the same supervisor.
      else await assertPlaceLeft(tx, term, facts.supervisor!);

      const invitees = input.memberIds.map((mid) => facts.people.find((p) => p.id === mid)!);
      const id = await submitIn(c, { mode: term.mode, term_name: term.name, invitees }, async (status) => {
        const id = await insertProposal(
          tx,
          {
            title: input.title ?? "",
            abstract: input.abstract ?? "",
            // An allocation group's type is its topic's, set when it is placed; until then Thesis.
            type: input.type ?? "Thesis",
            researchCellId: input.researchCellId ?? null,
            supervisorId: input.supervisorId ?? null,
            createdBy: user.id,
            requestId,
            termId: term.id,
            status,
            pendingSince: status === "Pending" ? now : null,
            documentId: input.documentId ?? null,
          },
          input.memberIds,
        );
        if (input.preferences) await replacePreferences(tx, id, input.preferences);
        return id;
      });
      // The creator took their place: their own open invitations in the term are declined.
      await declineOtherInvitations(c, [user.id], term.id, id);
      return proposalById(tx, id);
    });
    return { proposal, created: true };
  } catch (err) {
    const unique = pgErrorCode(err) === PG.uniqueViolation;
    // A retry (a double click, a resent request): the first one committed, so this one found
    // the creator busy, hit the request's unique index, or counted the first one's invitations.
    // The first one's proposal is the answer.
    if (requestId && (unique || err instanceof ConflictError || err instanceof RateLimitError)) {
      const id = await findIdByRequestId(ctx.db, user.id, requestId);
      if (id) return { proposal: await proposalById(ctx.db, id), created: false };
    }
    if (unique && pgConstraint(err) === ACTIVE_MEMBERSHIP_INDEX) {
      // Another submission took the creator's place between our check and our insert.
      throw new ConflictError(MSG.alreadyInActiveProposal(user.name));
    }
    throw err;
  }
}
