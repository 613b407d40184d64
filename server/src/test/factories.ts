import { isActiveStatus, type ProposalStatus, type ProposalType } from "@shared/enums";
import { proposalMembers, proposals, proposalVersions, researchCells, supervisorCells } from "../db/schema";
import { type TestContext, unique } from "./app";

/** A research cell, optionally with supervisors assigned to it. */
export async function makeCell(t: TestContext, supervisorIds: string[] = []) {
  const [cell] = await t.database.db
    .insert(researchCells)
    .values({ title: `Cell ${unique("c")}`, description: "A research cell for tests." })
    .returning();
  if (supervisorIds.length) {
    await t.database.db
      .insert(supervisorCells)
      .values(supervisorIds.map((supervisorId) => ({ supervisorId, researchCellId: cell.id })));
  }
  return cell;
}

/** A proposal written straight to the database (creator first), bypassing the submit route. */
export async function makeProposal(
  t: TestContext,
  o: {
    supervisorId: string;
    memberIds: string[];
    cellId?: string;
    status?: ProposalStatus;
    type?: ProposalType;
    title?: string;
    /** Students with an open invitation (the proposal should be Awaiting members). */
    invitedIds?: string[];
  },
) {
  const cellId = o.cellId ?? (await makeCell(t, [o.supervisorId])).id;
  const status = o.status ?? "Pending";
  const reviewed = ["Approved", "Denied", "Changes requested", "Awaiting committee"].includes(status);
  const [p] = await t.database.db
    .insert(proposals)
    .values({
      title: o.title ?? `Proposal ${unique("p")}`,
      abstract: "An abstract.",
      type: o.type ?? "Thesis",
      researchCellId: cellId,
      supervisorId: o.supervisorId,
      status,
      createdBy: o.memberIds[0],
      reviewedAt: reviewed ? new Date() : null,
      reviewedBy: reviewed ? o.supervisorId : null,
      feedback: reviewed ? "Feedback." : null,
      // It reaches its supervisor once it has been Pending.
      pendingSince: status === "Awaiting members" ? null : new Date(),
    })
    .returning();
  await t.database.db.insert(proposalMembers).values([
    ...o.memberIds.map((userId, position) => ({
      proposalId: p.id,
      userId,
      position,
      active: isActiveStatus(status),
    })),
    ...(o.invitedIds ?? []).map((userId, i) => ({
      proposalId: p.id,
      userId,
      position: o.memberIds.length + i,
      state: "invited" as const,
      active: false,
    })),
  ]);
  await t.database.db.insert(proposalVersions).values({
    proposalId: p.id,
    number: 1,
    title: p.title,
    abstract: p.abstract,
    authorId: o.memberIds[0],
  });
  return p;
}

/** The invited students accept, one after another, through the real route: the group is complete. */
export async function acceptInvitations(t: TestContext, proposalId: string, invitees: { cookie: string }[]) {
  for (const u of invitees) {
    const res = await t.app.inject({
      method: "POST",
      url: `/api/proposals/${proposalId}/invitation`,
      payload: { accept: true },
      headers: { cookie: u.cookie },
    });
    if (res.statusCode !== 200) throw new Error(`accepting the invitation failed: ${res.body}`);
  }
}
