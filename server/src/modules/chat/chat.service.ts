import type { ChatMessage, ChatUnread } from "@shared/schemas/chat";
import type { Db } from "../../db/client";
import { NotFoundError } from "../../lib/errors";
import { transactionWithEvents } from "../../lib/events";
import type { SessionUser } from "../../plugins/auth";
import { pictureUrl } from "../accounts/user-dto";
import {
  insertMessage,
  type MessageRow,
  markThreadRead,
  threadPage,
  threadParticipants,
  unreadByThread,
} from "./chat.repository";

function toDto(m: MessageRow): ChatMessage {
  return {
    id: m.id,
    proposalId: m.proposalId,
    body: m.body,
    createdAt: m.createdAt.toISOString(),
    author: {
      id: m.authorId,
      name: m.authorName,
      role: m.authorRole,
      pictureUrl: pictureUrl(m.authorPictureId),
    },
  };
}

/** The thread, or 404 for anyone outside the group: ids leak nothing. */
async function openThread(db: Db, proposalId: string, user: SessionUser) {
  const thread = await threadParticipants(db, proposalId);
  if (!thread || !(thread.supervisorId === user.id || thread.memberIds.includes(user.id)))
    throw new NotFoundError();
  return thread;
}

export async function listMessages(
  db: Db,
  user: SessionUser,
  proposalId: string,
  before: string | undefined,
  limit: number,
) {
  const { allowed, rows } = await threadPage(db, proposalId, user.id, before, limit);
  // Someone outside the group sees no thread at all: ids leak nothing.
  if (!allowed) throw new NotFoundError();
  const hasMore = rows.length > limit;
  return { items: rows.slice(0, limit).reverse().map(toDto), hasMore };
}

export async function postMessage(db: Db, user: SessionUser, proposalId: string, body: string) {
  return transactionWithEvents(db, async (tx, emit) => {
    const thread = await openThread(tx, proposalId, user);
    const message = toDto(await insertMessage(tx, proposalId, user.id, body));
    // Who writes has read the thread up to what they wrote.
    await markThreadRead(tx, proposalId, user.id, message.id);
    emit([...thread.memberIds, ...(thread.supervisorId ? [thread.supervisorId] : [])], {
      type: "message.created",
      proposalId,
      messageId: message.id,
      authorId: user.id,
      authorName: user.name,
    });
    return message;
  });
}

/** The caller has read the thread up to one of its messages; 404 outside the group or for another thread's message. */
export async function readThread(db: Db, user: SessionUser, proposalId: string, lastMessageId: string) {
  if (!(await markThreadRead(db, proposalId, user.id, lastMessageId))) throw new NotFoundError();
}

/** The caller's unread messages, per thread and in all (the Chat badge). */
export async function unreadMessages(db: Db, user: SessionUser): Promise<ChatUnread> {
  const rows = await unreadByThread(db, user.id);
  return {
    total: rows.reduce((n, r) => n + r.unread, 0),
    threads: rows.map((r) => ({ proposalId: r.proposal_id, unread: r.unread })),
  };
}
