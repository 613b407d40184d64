import type { Role } from "@shared/enums";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { int, selectRows } from "../../db/query";
import { messages, proposalMembers, proposals, users } from "../../db/schema";

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
