import { MSG } from "@shared/messages";
import type { Notice, NoticeList } from "@shared/schemas/notices";
import type { Db } from "../../db/client";
import { NotFoundError } from "../../lib/errors";
import { transactionWithEvents } from "../../lib/events";
import type { SessionUser } from "../../plugins/auth";
import { emails } from "../outbox/emails";
import { enqueueEmails } from "../outbox/outbox.service";
import {
  copyMembersAsRecipients,
  insertNotice,
  markRead,
  type NoticeRow,
  noticeFor,
  ownProposal,
  receivedCounts,
  receivedPage,
  recipientsOf,
  sentCount,
  sentPage,
  unreadCount,
} from "./notices.repository";

type Recipient = Awaited<ReturnType<typeof recipientsOf>>[number];

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toDto(n: NoticeRow, extra: Pick<Notice, "readAt" | "recipients"> = {}): Notice {
  return {
    id: n.id,
    title: n.title,
    description: n.description,
    createdAt: n.createdAt.toISOString(),
    supervisor:
      n.supervisorId && n.supervisorName != null ? { id: n.supervisorId, name: n.supervisorName } : null,
    group: n.proposalId && n.proposalTitle != null ? { id: n.proposalId, title: n.proposalTitle } : null,
    ...extra,
  };
}

const toRecipients = (rows: Recipient[]) =>
  rows.map((r) => ({ id: r.id, name: r.name, readAt: iso(r.readAt) }));

async function withRecipients(db: Db, rows: NoticeRow[]): Promise<Notice[]> {
  const recipients = await recipientsOf(
    db,
    rows.map((r) => r.id),
  );
  const byNotice = new Map<string, Recipient[]>();
  for (const r of recipients) byNotice.set(r.noticeId, [...(byNotice.get(r.noticeId) ?? []), r]);
  return rows.map((n) => toDto(n, { recipients: toRecipients(byNotice.get(n.id) ?? []) }));
}

export interface SendNoticeCommand {
  proposalId: string;
  title: string;
  description: string;
}

/**
 * Sends a notice to one of the supervisor's own groups. The recipients are the group's members
 * at this moment, copied in the same transaction; they hear of it live and by email.
 */
export async function sendNotice(db: Db, publicUrl: string, user: SessionUser, input: SendNoticeCommand) {
  return transactionWithEvents(db, async (tx, emit) => {
    const proposal = await ownProposal(tx, input.proposalId, user.id);
    if (!proposal) throw new NotFoundError(MSG.proposalNotFound);
    const noticeId = await insertNotice(tx, {
      proposalId: proposal.id,
      supervisorId: user.id,
      title: input.title,
      description: input.description,
    });
    const recipientIds = await copyMembersAsRecipients(tx, noticeId, proposal.id);
    emit(recipientIds, {
      type: "notice.sent",
      noticeId,
      proposalId: proposal.id,
      title: input.title,
      from: user.name,
    });
    await enqueueEmails(
      tx,
      recipientIds,
      emails.noticeSent(publicUrl, { title: input.title, supervisor: user.name, group: proposal.title }),
    );
    const row = await noticeFor(tx, noticeId, user.id);
    return toDto(row, { recipients: toRecipients(await recipientsOf(tx, [noticeId])) });
  });
}

/** Students: what they received, with the unread count. Supervisors: what they sent, with recipients. */
export async function listNotices(
  db: Db,
  user: SessionUser,
  page: number,
  pageSize: number,
): Promise<NoticeList> {
  const offset = (page - 1) * pageSize;
  if (user.role === "student") {
    const [rows, counts] = await Promise.all([
      receivedPage(db, user.id, pageSize, offset),
      receivedCounts(db, user.id),
    ]);
    return {
      items: rows.map((n) => toDto(n, { readAt: iso(n.readAt) })),
      total: counts.total,
      unread: counts.unread,
    };
  }
  const [rows, total] = await Promise.all([sentPage(db, user.id, pageSize, offset), sentCount(db, user.id)]);
  return { items: await withRecipients(db, rows), total };
}

/** One notice, for its recipients and its sender only; anyone else gets 404. */
export async function getNotice(db: Db, user: SessionUser, noticeId: string): Promise<Notice> {
  const row = await noticeFor(db, noticeId, user.id);
  if (!row) throw new NotFoundError();
  if (row.isRecipient) return toDto(row, { readAt: iso(row.readAt) });
  if (row.sentBy === user.id) return (await withRecipients(db, [row]))[0];
  throw new NotFoundError();
}

/** Marks the notice read for the caller, once: a second call keeps the first time. */
export async function readNotice(db: Db, user: SessionUser, noticeId: string): Promise<Notice> {
  const marked = await markRead(db, noticeId, user.id);
  if (!marked) throw new NotFoundError();
  return getNotice(db, user, noticeId);
}

export const unreadNotices = (db: Db, user: SessionUser) => unreadCount(db, user.id);
