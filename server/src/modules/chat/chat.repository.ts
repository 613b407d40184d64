import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { messages, proposalMembers, proposals, users } from "../../db/schema";

/** Who may read and write a proposal's thread: its members and its supervisor. */
export async function threadParticipants(db: Db, proposalId: string) {
  const [proposal] = await db
    .select({ id: proposals.id, supervisorId: proposals.supervisorId, title: proposals.title })
    .from(proposals)
    .where(eq(proposals.id, proposalId))
    .limit(1);
  if (!proposal) return null;
  const members = await db
    .select({ userId: proposalMembers.userId })
    .from(proposalMembers)
    .where(eq(proposalMembers.proposalId, proposalId));
  return { ...proposal, memberIds: members.map((m) => m.userId) };
}

const messageColumns = {
  id: messages.id,
  proposalId: messages.proposalId,
  body: messages.body,
  createdAt: messages.createdAt,
  authorId: users.id,
  authorName: users.name,
  authorRole: users.role,
  authorPictureId: users.pictureId,
};

/** Newest first: the page before `before` (by creation time, then id), limit + 1 to know if more exist. */
export async function messagesBefore(db: Db, proposalId: string, before: string | undefined, limit: number) {
  const cursor = before
    ? sql`(${messages.createdAt}, ${messages.id}) < (select m.created_at, m.id from ${messages} m where m.id = ${before} and m.proposal_id = ${proposalId})`
    : undefined;
  return db
    .select(messageColumns)
    .from(messages)
    .innerJoin(users, eq(users.id, messages.authorId))
    .where(and(eq(messages.proposalId, proposalId), cursor))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit + 1);
}

export async function insertMessage(db: Db, proposalId: string, authorId: string, body: string) {
  const [row] = await db
    .insert(messages)
    .values({ proposalId, authorId, body })
    .returning({ id: messages.id });
  const [full] = await db
    .select(messageColumns)
    .from(messages)
    .innerJoin(users, eq(users.id, messages.authorId))
    .where(eq(messages.id, row.id));
  return full;
}

export type MessageRow = Awaited<ReturnType<typeof insertMessage>>;
