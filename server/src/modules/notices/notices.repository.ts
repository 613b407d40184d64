import { and, asc, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { noticeRecipients, notices, proposalMembers, proposals, users } from "../../db/schema";

/** The proposal if it is addressed to this supervisor; locked against a concurrent delete until commit. */
export async function ownProposal(db: Db, proposalId: string, supervisorId: string) {
  const [row] = await db
    .select({ id: proposals.id, title: proposals.title })
    .from(proposals)
    .where(and(eq(proposals.id, proposalId), eq(proposals.supervisorId, supervisorId)))
    .limit(1)
    .for("share");
  return row;
}

export async function insertNotice(
  db: Db,
  input: { proposalId: string; supervisorId: string; title: string; description: string },
) {
  const [row] = await db.insert(notices).values(input).returning({ id: notices.id });
  return row.id;
}

/** Recipients are copied from the group's members as they are now, in one statement. */
export async function copyMembersAsRecipients(db: Db, noticeId: string, proposalId: string) {
  const rows = await db
    .insert(noticeRecipients)
    .select(
      db
        .select({
          noticeId: sql<string>`${noticeId}::uuid`.as("notice_id"),
          userId: proposalMembers.userId,
          readAt: sql<Date | null>`null::timestamptz`.as("read_at"),
        })
        .from(proposalMembers)
        .where(eq(proposalMembers.proposalId, proposalId)),
    )
    .returning({ userId: noticeRecipients.userId });
  return rows.map((r) => r.userId);
}

const noticeColumns = {
  id: notices.id,
  title: notices.title,
  description: notices.description,
  createdAt: notices.createdAt,
  supervisorId: users.id,
  supervisorName: users.name,
  proposalId: proposals.id,
  proposalTitle: proposals.title,
};

/** The notices a student received, newest first, with when they read each. */
export function receivedPage(db: Db, userId: string, limit: number, offset: number) {
  return db
    .select({ ...noticeColumns, readAt: noticeRecipients.readAt })
    .from(noticeRecipients)
    .innerJoin(notices, eq(notices.id, noticeRecipients.noticeId))
    .leftJoin(users, eq(users.id, notices.supervisorId))
    .leftJoin(proposals, eq(proposals.id, notices.proposalId))
    .where(eq(noticeRecipients.userId, userId))
    .orderBy(desc(notices.createdAt), desc(notices.id))
    .limit(limit)
    .offset(offset);
}

export async function receivedCounts(db: Db, userId: string) {
  const [row] = await db
    .select({
      total: count(),
      unread: sql<number>`count(*) filter (where ${noticeRecipients.readAt} is null)`.mapWith(Number),
    })
    .from(noticeRecipients)
    .where(eq(noticeRecipients.userId, userId));
  return { total: Number(row.total), unread: Number(row.unread) };
}

export async function unreadCount(db: Db, userId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(noticeRecipients)
    .where(and(eq(noticeRecipients.userId, userId), isNull(noticeRecipients.readAt)));
  return Number(row.n);
}

/** The notices a supervisor sent, newest first. */
export function sentPage(db: Db, supervisorId: string, limit: number, offset: number) {
  return db
    .select(noticeColumns)
    .from(notices)
    .leftJoin(users, eq(users.id, notices.supervisorId))
    .leftJoin(proposals, eq(proposals.id, notices.proposalId))
    .where(eq(notices.supervisorId, supervisorId))
    .orderBy(desc(notices.createdAt), desc(notices.id))
    .limit(limit)
    .offset(offset);
}

export async function sentCount(db: Db, supervisorId: string) {
  const [row] = await db.select({ n: count() }).from(notices).where(eq(notices.supervisorId, supervisorId));
  return Number(row.n);
}

/** Recipients of several notices at once (one query per page, not per notice). */
export function recipientsOf(db: Db, noticeIds: string[]) {
  if (!noticeIds.length) return Promise.resolve([]);
  return db
    .select({
      noticeId: noticeRecipients.noticeId,
      id: noticeRecipients.userId,
      name: users.name,
      readAt: noticeRecipients.readAt,
    })
    .from(noticeRecipients)
    .innerJoin(users, eq(users.id, noticeRecipients.userId))
    .where(inArray(noticeRecipients.noticeId, noticeIds))
    .orderBy(asc(users.name), asc(users.id));
}

/** One notice with the caller's read time when the caller is one of its recipients. */
export async function noticeFor(db: Db, noticeId: string, userId: string) {
  const [row] = await db
    .select({
      ...noticeColumns,
      sentBy: notices.supervisorId,
      readAt: noticeRecipients.readAt,
      isRecipient: sql<boolean>`${noticeRecipients.userId} is not null`.mapWith(Boolean),
    })
    .from(notices)
    .leftJoin(users, eq(users.id, notices.supervisorId))
    .leftJoin(proposals, eq(proposals.id, notices.proposalId))
    .leftJoin(
      noticeRecipients,
      and(eq(noticeRecipients.noticeId, notices.id), eq(noticeRecipients.userId, userId)),
    )
    .where(eq(notices.id, noticeId))
    .limit(1);
  return row;
}

/** Sets read_at the first time only; undefined when the caller did not receive the notice. */
export async function markRead(db: Db, noticeId: string, userId: string) {
  const [row] = await db
    .update(noticeRecipients)
    .set({ readAt: sql`coalesce(${noticeRecipients.readAt}, now())` })
    .where(and(eq(noticeRecipients.noticeId, noticeId), eq(noticeRecipients.userId, userId)))
    .returning({ readAt: noticeRecipients.readAt });
  return row;
}

export type NoticeRow = Awaited<ReturnType<typeof sentPage>>[number];
