/** Notices to groups and the groups' chat. */
import { index, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { createdAt, moment, primaryId, ref } from "./columns";
import { proposals } from "./proposals";

// ── notices ─────────────────────────────────────────────────────────────────

export const notices = pgTable(
  "notices",
  {
    id: primaryId(),
    proposalId: ref("proposal_id", () => proposals.id, "cascade"),
    supervisorId: ref("supervisor_id", () => users.id, "restrict"),
    title: text("title").notNull(),
    description: text("description").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("notices_supervisor_created_idx").on(t.supervisorId, t.createdAt),
    index("notices_proposal_created_idx").on(t.proposalId, t.createdAt),
  ],
);

export const noticeRecipients = pgTable(
  "notice_recipients",
  {
    noticeId: ref("notice_id", () => notices.id, "cascade"),
    userId: ref("user_id", () => users.id, "cascade"),
    readAt: moment("read_at"),
  },
  (t) => [
    primaryKey({ columns: [t.noticeId, t.userId] }),
    index("notice_recipients_user_idx").on(t.userId, t.readAt),
  ],
);

// ── group chat ──────────────────────────────────────────────────────────────

export const messages = pgTable(
  "messages",
  {
    id: primaryId(),
    proposalId: ref("proposal_id", () => proposals.id, "cascade"),
    authorId: ref("author_id", () => users.id, "restrict"),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("messages_proposal_created_idx").on(t.proposalId, t.createdAt, t.id),
    // A person's own messages, for "Download my data".
    index("messages_author_created_idx").on(t.authorId, t.createdAt, t.id),
  ],
);

/**
 * How far each participant has read a group's thread (the Chat badge): messages by others after
 * `readAt` are unread. No row: nothing read yet.
 */
export const chatReads = pgTable(
  "chat_reads",
  {
    proposalId: ref("proposal_id", () => proposals.id, "cascade"),
    userId: ref("user_id", () => users.id, "cascade"),
    readAt: moment("read_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.proposalId, t.userId] }), index("chat_reads_user_idx").on(t.userId)],
);
