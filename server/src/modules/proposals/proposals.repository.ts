import type { ProposalStatus, ProposalType, Role } from "@shared/enums";
import type { Proposal } from "@shared/schemas/proposals";
import { and, asc, count, desc, eq, inArray, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { proposalMembers, proposals, researchCells, supervisorCells, users } from "../../db/schema";

// ── the proposal as every role sees it ─────────────────────────────────────

const supervisor = alias(users, "supervisor");
const creator = alias(users, "creator");
const reviewer = alias(users, "reviewer");

const proposalColumns = {
  id: proposals.id,
  title: proposals.title,
  abstract: proposals.abstract,
  type: proposals.type,
  status: proposals.status,
  createdAt: proposals.createdAt,
  feedback: proposals.feedback,
  reviewedAt: proposals.reviewedAt,
  cellId: researchCells.id,
  cellTitle: researchCells.title,
  supervisorId: supervisor.id,
  supervisorName: supervisor.name,
  supervisorEmail: supervisor.email,
  creatorId: creator.id,
  creatorName: creator.name,
  reviewerId: reviewer.id,
  reviewerName: reviewer.name,
};

function selectProposalRows(db: Db, ids: string[]) {
  return db
    .select(proposalColumns)
    .from(proposals)
    .leftJoin(researchCells, eq(researchCells.id, proposals.researchCellId))
    .leftJoin(supervisor, eq(supervisor.id, proposals.supervisorId))
    .leftJoin(creator, eq(creator.id, proposals.createdBy))
    .leftJoin(reviewer, eq(reviewer.id, proposals.reviewedBy))
    .where(inArray(proposals.id, ids));
}
type ProposalRow = Awaited<ReturnType<typeof selectProposalRows>>[number];

interface MemberRow {
  proposalId: string;
  id: string;
  name: string;
  studentId: string | null;
  position: number;
}

/** Shapes one proposal row and its members (sorted by position) into the shared DTO. */
export function toProposalDto(p: ProposalRow, members: MemberRow[]): Proposal {
  return {
    id: p.id,
    title: p.title,
    abstract: p.abstract,
    type: p.type,
    status: p.status,
    researchCell: p.cellId && p.cellTitle != null ? { id: p.cellId, title: p.cellTitle } : null,
    supervisor:
      p.supervisorId && p.supervisorName != null && p.supervisorEmail != null
        ? { id: p.supervisorId, name: p.supervisorName, email: p.supervisorEmail }
        : null,
    createdBy: p.creatorId && p.creatorName != null ? { id: p.creatorId, name: p.creatorName } : null,
    members: members.map((m) => ({ id: m.id, name: m.name, studentId: m.studentId, position: m.position })),
    createdAt: p.createdAt.toISOString(),
    feedback: p.feedback,
    reviewedAt: p.reviewedAt ? p.reviewedAt.toISOString() : null,
    reviewedBy: p.reviewerId && p.reviewerName != null ? { id: p.reviewerId, name: p.reviewerName } : null,
  };
}

/**
 * The proposals with these ids as DTOs, in the order of `ids` (unknown ids are skipped).
 * Two queries whatever the number of proposals: the proposals with their cell and people,
 * then all their members. No visibility check: callers decide what may be seen.
 */
export async function findProposalsByIds(db: Db, ids: readonly string[]): Promise<Proposal[]> {
  if (!ids.length) return [];
  const unique = [...new Set(ids)];
  const rows = await selectProposalRows(db, unique);
  const members = await db
    .select({
      proposalId: proposalMembers.proposalId,
      id: users.id,
      name: users.name,
      studentId: users.studentId,
      position: proposalMembers.position,
    })
    .from(proposalMembers)
    .innerJoin(users, eq(users.id, proposalMembers.userId))
    .where(inArray(proposalMembers.proposalId, unique))
    .orderBy(asc(proposalMembers.proposalId), asc(proposalMembers.position));

  const membersOf = new Map<string, MemberRow[]>();
  for (const m of members) {
    const list = membersOf.get(m.proposalId) ?? [];
    list.push(m);
    membersOf.set(m.proposalId, list);
  }
  const byId = new Map(rows.map((r) => [r.id, toProposalDto(r, membersOf.get(r.id) ?? [])]));
  return ids.map((id) => byId.get(id)).filter((p): p is Proposal => p !== undefined);
}

export async function findProposalById(db: Db, id: string): Promise<Proposal | undefined> {
  const [p] = await findProposalsByIds(db, [id]);
  return p;
}

// ── visibility and lists ────────────────────────────────────────────────────

/**
 * What a user may see: students the proposals they belong to (the creator is always member 0,
 * so membership covers "created or belongs to"; served by proposal_members_user_idx),
 * supervisors those addressed to them, the committee all.
 */
export function visibleTo(db: Db, viewer: { id: string; role: Role }): SQL | undefined {
  if (viewer.role === "student")
    return inArray(
      proposals.id,
      db
        .select({ id: proposalMembers.proposalId })
        .from(proposalMembers)
        .where(eq(proposalMembers.userId, viewer.id)),
    );
  if (viewer.role === "supervisor") return eq(proposals.supervisorId, viewer.id);
  return undefined;
}

export interface ProposalListFilter {
  status?: ProposalStatus;
  type?: ProposalType;
  order: "newest" | "oldest";
  limit: number;
  offset: number;
}

/** One page of visible proposal ids (newest or oldest first) and how many there are in all. */
export async function listProposalIds(
  db: Db,
  viewer: { id: string; role: Role },
  f: ProposalListFilter,
): Promise<{ ids: string[]; total: number }> {
  const where = and(
    visibleTo(db, viewer),
    f.status ? eq(proposals.status, f.status) : undefined,
    f.type ? eq(proposals.type, f.type) : undefined,
  );
  const dir = f.order === "oldest" ? asc : desc;
  const [page, [{ n }]] = await Promise.all([
    db
      .select({ id: proposals.id })
      .from(proposals)
      .where(where)
      .orderBy(dir(proposals.createdAt), dir(proposals.id))
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(proposals).where(where),
  ]);
  return { ids: page.map((r) => r.id), total: Number(n) };
}

/** True when the viewer may see this proposal. */
export async function isVisible(db: Db, viewer: { id: string; role: Role }, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: proposals.id })
    .from(proposals)
    .where(and(eq(proposals.id, id), visibleTo(db, viewer)))
    .limit(1);
  return row !== undefined;
}

// ── submission ──────────────────────────────────────────────────────────────

export async function findIdByRequestId(db: Db, createdBy: string, requestId: string) {
  const [row] = await db
    .select({ id: proposals.id })
    .from(proposals)
    .where(and(eq(proposals.createdBy, createdBy), eq(proposals.requestId, requestId)))
    .limit(1);
  return row?.id;
}

export async function cellExists(db: Db, cellId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: researchCells.id })
    .from(researchCells)
    .where(eq(researchCells.id, cellId))
    .limit(1);
  return row !== undefined;
}

export async function isSupervisorOfCell(db: Db, supervisorId: string, cellId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: supervisorCells.supervisorId })
    .from(supervisorCells)
    .innerJoin(users, eq(users.id, supervisorCells.supervisorId))
    .where(
      and(
        eq(supervisorCells.supervisorId, supervisorId),
        eq(supervisorCells.researchCellId, cellId),
        eq(users.role, "supervisor"),
      ),
    )
    .limit(1)
    // Held until the submission commits: removing the supervisor from the cell (which locks this
    // row for update) waits, so a Pending proposal never points at a supervisor outside its cell.
    .for("share", { of: supervisorCells });
  return row !== undefined;
}

export async function usersByIds(db: Db, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select({ id: users.id, name: users.name, role: users.role })
    .from(users)
    .where(inArray(users.id, ids));
}

/** Which of these users already hold an active membership (served by the partial unique index). */
export async function activeMembersAmong(db: Db, userIds: string[]) {
  if (!userIds.length) return [];
  return db
    .select({ userId: proposalMembers.userId, name: users.name })
    .from(proposalMembers)
    .innerJoin(users, eq(users.id, proposalMembers.userId))
    .where(and(inArray(proposalMembers.userId, userIds), eq(proposalMembers.active, true)));
}

export interface NewProposal {
  title: string;
  abstract: string;
  type: ProposalType;
  researchCellId: string;
  supervisorId: string;
  createdBy: string;
  requestId: string | null;
}

/** Inserts a Pending proposal and its members (creator first); the caller provides the transaction. */
export async function insertProposal(db: Db, input: NewProposal, memberIds: string[]): Promise<string> {
  const [row] = await db
    .insert(proposals)
    .values({ ...input, status: "Pending" })
    .returning({ id: proposals.id });
  // Rows go in user-id order so that two submissions sharing students wait on each other in
  // one order (no deadlock); the position column keeps the group's own order.
  const rows = memberIds
    .map((userId, position) => ({ proposalId: row.id, userId, position, active: true }))
    .sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
  await db.insert(proposalMembers).values(rows);
  return row.id;
}
