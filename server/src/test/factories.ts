import type { ProposalStatus, ProposalType } from "@shared/enums";
import { proposalMembers, proposals, researchCells, supervisorCells } from "../db/schema";
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
  },
) {
  const cellId = o.cellId ?? (await makeCell(t, [o.supervisorId])).id;
  const status = o.status ?? "Pending";
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
      reviewedAt: status === "Pending" ? null : new Date(),
      reviewedBy: status === "Pending" ? null : o.supervisorId,
      feedback: status === "Pending" ? null : "Feedback.",
    })
    .returning();
  await t.database.db.insert(proposalMembers).values(
    o.memberIds.map((userId, position) => ({
      proposalId: p.id,
      userId,
      position,
      active: status !== "Denied",
    })),
  );
  return p;
}
