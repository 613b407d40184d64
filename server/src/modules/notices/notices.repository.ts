import { and, count, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { countUpTo, int, selectRow, selectRows } from "../../db/query";
import { noticeRecipients, notices, proposalMembers, proposals, users } from "../../db/schema";

/** The proposal if it is addressed to this supervisor; locked against a concurrent delete until commit. */
export async function ownProposal(db: Db, proposalId: string, supervisorId: string) {
  const [row] = await db
    .select({ id: proposals.id, title: proposals.title })
    .from(proposals)
    .where(
      and(
        eq(proposals.id, proposalId),
        eq(proposals.supervisorId, supervisorId),
        isNotNull(proposals.pendingSince),
      ),
    )
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
        .where(and(eq(proposalMembers.proposalId, proposalId), eq(proposalMembers.state, "accepted"))),
    )
    .returning({ userId: noticeRecipients.userId });
  return rows.map((r) => r.userId);
}

/** A notice as every read selects it: with its sender, its group, and what the viewer may see of it. */
export type NoticeRow = {
  id: string;
  title: string;
  description: string;
  created_at: string;
  supervisor_id: string | null;
  supervisor_name: string | null;
  proposal_id: string | null;
  proposal_title: string | null;
  /** A recipient's own read time (received notices only). */
  read_at: string | null;
  /** Everyone it went to, by name (sent notices only). */
  recipients: { id: string; name: string; read_at: string | null }[] | null;
};

/** The columns of a NoticeRow over `notices n` (without read_at and recipients), and their joins. */
const NOTICE_COLUMNS = sql`n.id, n.title, n.description, n.created_at, s.id as supervisor_id,
  s.name as supervisor_name, p.id as proposal_id, p.title as proposal_title`;
const NOTICE_JOINS = sql`left join ${users} s on s.id = n.supervisor_id left join ${proposals} p on p.id = n.proposal_id`;
const RECIPIENTS = sql`(select json_agg(json_build_object('id', u.id, 'name', u.name, 'read_at', r.read_at) order by u.name, u.id)
   from ${noticeRecipients} r join ${users} u on u.id = r.user_id where r.notice_id = n.id)`;

type PageRow = { total: number; unread: number | null } & (NoticeRow | { [K in keyof NoticeRow]: null });

/**
 * One page of a person's notices, newest first, with how many there are (up to `cap`), in one
 * statement: a student's received notices with when they read each and their unread count
 * (notice_recipients_user_idx); a supervisor's sent notices with their recipients
 * (notices_supervisor_created_idx). The counts are the one-row side of a left join, so a page past
 * the end still carries them.
 */
export async function selectNoticePage(
  db: Db,
  viewer: { id: string; received: boolean },
  page: { limit: number; offset: number; cap: number },
) {
  const [from, where, unread, extra] = viewer.received
    ? [
        sql`${noticeRecipients} r join ${notices} n on n.id = r.notice_id`,
        sql`r.user_id = ${viewer.id}`,
        sql`(select count(*)::int from ${noticeRecipients} r where r.user_id = ${viewer.id} and r.read_at is null)`,
        sql`r.read_at, null as recipients`,
      ]
    : [
        sql`${notices} n`,
        sql`n.supervisor_id = ${viewer.id}`,
        sql`null`,
        sql`null as read_at, ${RECIPIENTS} as recipients`,
      ];
  const rows = await selectRows<PageRow>(
    db,
    sql`
    select ${countUpTo(sql`from ${from} where ${where}`, page.cap)} as total, ${unread} as unread, page.*
      from (select 1) one
      left join lateral (
        select ${NOTICE_COLUMNS}, ${extra} from ${from} ${NOTICE_JOINS} where ${where}
         order by n.created_at desc, n.id desc limit ${int(page.limit)} offset ${int(page.offset)}
      ) page on true
     order by page.created_at desc, page.id desc`,
  );
  return {
    total: rows[0]?.total ?? 0,
    unread: rows[0]?.unread ?? 0,
    rows: rows.filter((r): r is PageRow & NoticeRow => r.id !== null),
  };
}

/**
 * One notice as `viewerId` may see it, in one statement: a recipient's with their read time, its
 * sender's with every recipient; undefined when it does not exist or they are neither.
 */
export function selectNotice(db: Db, noticeId: string, viewerId: string): Promise<NoticeRow | undefined> {
  return selectRow<NoticeRow>(
    db,
    sql`select ${NOTICE_COLUMNS}, r.read_at,
               case when n.supervisor_id = ${viewerId} and r.user_id is null then ${RECIPIENTS} end as recipients
          from ${notices} n ${NOTICE_JOINS}
          left join ${noticeRecipients} r on r.notice_id = n.id and r.user_id = ${viewerId}
         where n.id = ${noticeId} and (r.user_id is not null or n.supervisor_id = ${viewerId})`,
  );
}

export async function unreadCount(db: Db, userId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(noticeRecipients)
    .where(and(eq(noticeRecipients.userId, userId), isNull(noticeRecipients.readAt)));
  return Number(row.n);
}

/** Sets read_at the first time only; undefined when the caller did not receive the notice. */
/**
 * Marks the notice read for the recipient, keeping the first time. Answers its read time, whether
 * this call was the first read (the row as it was before this statement), and the notice's sender;
 * nothing when the caller is no recipient.
 */
export function markRead(db: Db, noticeId: string, userId: string) {
  return selectRow<{ read_at: string; first: boolean; supervisor_id: string }>(
    db,
    sql`update ${noticeRecipients} nr set read_at = coalesce(nr.read_at, now())
          from ${notices} n,
               (select b.read_at from ${noticeRecipients} b where b.notice_id = ${noticeId} and b.user_id = ${userId}) before
         where nr.notice_id = ${noticeId} and nr.user_id = ${userId} and n.id = nr.notice_id
        returning nr.read_at, before.read_at is null as first, n.supervisor_id`,
  );
}
