import type { ProposalStatus } from "@shared/enums";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { proposalMembers, proposals } from "../../db/schema";

/**
 * The review itself: it changes the row only while it is Pending and addressed to the reviewer,
 * so of two simultaneous reviews exactly one finds the row Pending (the other waits on the row
 * lock, then sees it reviewed) — the database decides, not a read-then-write.
 */
export async function reviewPending(
  db: Db,
  proposalId: string,
  reviewerId: string,
  status: Exclude<ProposalStatus, "Pending">,
  feedback: string,
) {
  const [row] = await db
    .update(proposals)
    .set({ status, feedback, reviewedAt: new Date(), reviewedBy: reviewerId })
    .where(
      and(
        eq(proposals.id, proposalId),
        eq(proposals.supervisorId, reviewerId),
        eq(proposals.status, "Pending"),
      ),
    )
    .returning({ id: proposals.id, title: proposals.title });
  return row;
}

export async function supervisorOf(db: Db, proposalId: string) {
  const [row] = await db
    .select({ supervisorId: proposals.supervisorId })
    .from(proposals)
    .where(eq(proposals.id, proposalId))
    .limit(1);
  return row;
}

/** A denied proposal frees its members: they may be in another active proposal again. */
export async function releaseMembers(db: Db, proposalId: string) {
  await db.update(proposalMembers).set({ active: false }).where(eq(proposalMembers.proposalId, proposalId));
}

export async function memberIdsOf(db: Db, proposalId: string) {
  const rows = await db
    .select({ userId: proposalMembers.userId })
    .from(proposalMembers)
    .where(eq(proposalMembers.proposalId, proposalId));
  return rows.map((r) => r.userId);
}
