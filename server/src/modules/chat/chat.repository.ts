import type { Role } from "@shared/enums";
import { LIMITS } from "@shared/limits";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { int, selectRow, selectRows } from "../../db/query";
import { chatReads, messages, proposalMembers, proposals, users } from "../../db/schema";

/** Who may read and write a proposal's thread: its members and its supervisor. */
export async function threadParticipants(db: Db, proposalId: string) {
  const [proposal] = await db
    .select({
      id: proposals.id,
      // A proposal reaches its supervisor once it has been Pending (DESIGN.md §9); before, they are no participant.
      supervisorId: sql<
        string | null
      >`case when ${proposals.pendingSince} is not null then ${proposals.supervisorId} end`,
      title: proposals.title,
    })
    .from(proposals)
    .where(eq(proposals.id, proposalId))
    .limit(1);
  if (!proposal) return null;
  const members = await db
    .select({ userId: proposalMembers.userId })
    .from(proposalMembers)
    .where(and(eq(proposalMembers.proposalId, proposalId), eq(proposalMembers.state, "accepted")));
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

/** Who may read a proposal's thread, over `proposals p`: its accepted members and its supervisor once it reached them. */
const mayRead = (userId: string) =>
  sql`((p.supervisor_id = ${userId} and p.pending_since is not null) or exists (select 1 from ${proposalMembers} pm where pm.proposal_id = p.id and pm.user_id = ${userId} and pm.state = 'accepted'))`;

type PageRow = {
  allowed: boolean;
  id: string | null;
  proposal_id: string;
  body: string;
  created_at: string;
  author_id: string;
  author_name: string;
  author_role: Role;
  author_picture_id: string | null;
};

/**
 * Newest first, one statement: whether `userId` may read the thread, and the page before
 * `before` (by creation time, then id; limit + 1 to know if more exist), which is empty unless
 * they may (messages_proposal_created_idx).
 */
export async function threadPage(
  db: Db,
  proposalId: string,
  userId: string,
  before: string | undefined,
  limit: number,
): Promise<{ allowed: boolean; rows: MessageRow[] }> {
  const cursor = before
    ? sql`and (m.created_at, m.id) < (select b.created_at, b.id from ${messages} b where b.id = ${before} and b.proposal_id = ${proposalId})`
    : sql``;
  const rows = await selectRows<PageRow>(
    db,
    sql`
    select thread.allowed, page.* from
      (select exists (select 1 from ${proposals} p where p.id = ${proposalId} and ${mayRead(userId)}) as allowed) thread
      left join lateral (
        select m.id, m.proposal_id, m.body, m.created_at, u.id as author_id, u.name as author_name,
               u.role as author_role, u.picture_id as author_picture_id
          from ${messages} m join ${users} u on u.id = m.author_id
         where thread.allowed and m.proposal_id = ${proposalId} ${cursor}
         order by m.created_at desc, m.id desc limit ${int(limit + 1)}
      ) page on true
     order by page.created_at desc, page.id desc`,
  );
  return {
    allowed: rows[0]?.allowed ?? false,
    rows: rows
      .filter((r): r is PageRow & { id: string } => r.id !== null)
      .map((r) => ({
        id: r.id,
        proposalId: r.proposal_id,
        body: r.body,
        createdAt: new Date(r.created_at),
        authorId: r.author_id,
        authorName: r.author_name,
        authorRole: r.author_role,
        authorPictureId: r.author_picture_id,
      })),
  };
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

/**
 * The reader has read the thread up to this message of it (inclusive): their mark moves forward to
 * its time, never back. Nothing (undefined) when the message is not in a thread they may read.
 */
export function markThreadRead(db: Db, proposalId: string, userId: string, messageId: string) {
  return selectRow<{ read_at: string }>(
    db,
    sql`insert into ${chatReads} (proposal_id, user_id, read_at)
        select m.proposal_id, ${userId}, m.created_at
          from ${messages} m join ${proposals} p on p.id = m.proposal_id
         where m.id = ${messageId} and m.proposal_id = ${proposalId} and ${mayRead(userId)}
        on conflict (proposal_id, user_id) do update set read_at = greatest(${chatReads.readAt}, excluded.read_at)
        returning read_at`,
  );
}

/**
 * The reader's unread messages per thread they may read (messages by others after their mark;
 * all of them without one), only threads with any, each counted up to LIMITS.unreadCountMax:
 * messages_proposal_created_idx walks each thread from the mark on.
 */
export function unreadByThread(db: Db, userId: string) {
  return selectRows<{ proposal_id: string; unread: number }>(
    db,
    sql`select t.id as proposal_id, t.unread from (
          select p.id,
                 (select count(*)::int from (
                    select 1 from ${messages} m
                     where m.proposal_id = p.id and m.author_id <> ${userId}
                       and m.created_at > coalesce(
                             (select r.read_at from ${chatReads} r where r.proposal_id = p.id and r.user_id = ${userId}),
                             '-infinity')
                     limit ${int(LIMITS.unreadCountMax)}) u) as unread
            from ${proposals} p
           where p.id in (select pm.proposal_id from ${proposalMembers} pm where pm.user_id = ${userId} and pm.state = 'accepted')
              or (p.supervisor_id = ${userId} and p.pending_since is not null)
        ) t
        where t.unread > 0`,
  );
}
