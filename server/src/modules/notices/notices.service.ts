import { LIMITS } from "@shared/limits";
import { MSG } from "@shared/messages";
import type { Notice, NoticeList } from "@shared/schemas/notices";
import type { Db } from "../../db/client";
import { counted, iso, pageWindow } from "../../db/query";
import { NotFoundError } from "../../lib/errors";
import { announce, transactionWithEvents } from "../../lib/events";
import type { SessionUser } from "../../plugins/auth";
import { emails } from "../outbox/emails";
import { enqueueEmails } from "../outbox/outbox.service";
import {
  copyMembersAsRecipients,
  insertNotice,
  markRead,
  type NoticeRow,
  ownProposal,
  selectNotice,
  selectNoticePage,
  unreadCount,
} from "./notices.repository";

/** A notice as the API answers it, from its row: a recipient's with readAt, a sender's with recipients. */
function toNotice(n: NoticeRow): Notice {
  return {
    id: n.id,
    title: n.title,
    description: n.description,
    createdAt: iso(n.created_at)!,
    supervisor:
      n.supervisor_id && n.supervisor_name != null ? { id: n.supervisor_id, name: n.supervisor_name } : null,
    group: n.proposal_id && n.proposal_title != null ? { id: n.proposal_id, title: n.proposal_title } : null,
    ...(n.recipients
      ? { recipients: n.recipients.map((r) => ({ id: r.id, name: r.name, readAt: iso(r.read_at) })) }
      : { readAt: iso(n.read_at) }),
  };
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
    const row = await selectNotice(tx, noticeId, user.id);
    if (!row) throw new NotFoundError();
    return toNotice(row);
  });
}

/** Students: what they received, with the unread count. Supervisors: what they sent, with recipients. */
export async function listNotices(
  db: Db,
  user: SessionUser,
  page: number,
  pageSize: number,
): Promise<NoticeList> {
  const { limit, offset, cap } = pageWindow({ page, pageSize }, LIMITS.listCountMax);
  const received = user.role === "student";
  const found = await selectNoticePage(db, { id: user.id, received }, { limit, offset, cap });
  return {
    items: found.rows.map(toNotice),
    ...counted(found.total, cap),
    ...(received ? { unread: found.unread } : {}),
  };
}

/** One notice, for its recipients and its sender only; anyone else gets 404. */
export async function getNotice(db: Db, user: SessionUser, noticeId: string): Promise<Notice> {
  const row = await selectNotice(db, noticeId, user.id);
  if (!row) throw new NotFoundError();
  return toNotice(row);
}

/**
 * Marks the notice read for the caller, once: a second call keeps the first time. The first read
 * tells the sender live, so their "Read by n/m" moves while they look at it.
 */
export async function readNotice(db: Db, user: SessionUser, noticeId: string): Promise<Notice> {
  const marked = await markRead(db, noticeId, user.id);
  if (!marked) throw new NotFoundError();
  if (marked.first) await announce(db, [marked.supervisor_id], { type: "notice.read", noticeId });
  return getNotice(db, user, noticeId);
}

export const unreadNotices = (db: Db, user: SessionUser) => unreadCount(db, user.id);
