import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { PROPOSAL_STATUSES, PROPOSAL_TYPES, ROLES } from "../../../shared/src/enums";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export const roleEnum = pgEnum("role", ROLES);
export const proposalTypeEnum = pgEnum("proposal_type", PROPOSAL_TYPES);
export const proposalStatusEnum = pgEnum("proposal_status", PROPOSAL_STATUSES);

// ── accounts (the field names are the ones better-auth expects) ─────────────

// Also on users, made by hand-written migrations and not declared here (Drizzle would not
// diff them): the generated column search_key and its trigram index (0004), the trigram
// indexes on name and student_id used by the member picker (0002), and one index per sort of
// the people lists, (role, name|email|student_id|created_at, id) INCLUDE (search_key) (0006).
export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    role: roleEnum("role").notNull(),
    studentId: text("student_id"),
    pictureKey: text("picture_key"),
    emailNotifications: boolean("email_notifications").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_lower_uq").on(sql`lower(${t.email})`),
    uniqueIndex("users_student_id_uq").on(t.studentId).where(sql`${t.studentId} is not null`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    token: text("token").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("sessions_token_uq").on(t.token), index("sessions_user_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("accounts_user_idx").on(t.userId),
    uniqueIndex("accounts_provider_account_uq").on(t.providerId, t.accountId),
  ],
);

export const verifications = pgTable(
  "verifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

/** Fixed-window counters (failed logins per IP and per account), shared by every instance. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
});

// ── research cells ──────────────────────────────────────────────────────────

export const researchCells = pgTable(
  "research_cells",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("research_cells_title_lower_uq").on(sql`lower(${t.title})`)],
);

export const supervisorCells = pgTable(
  "supervisor_cells",
  {
    supervisorId: uuid("supervisor_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    researchCellId: uuid("research_cell_id")
      .notNull()
      .references(() => researchCells.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.supervisorId, t.researchCellId] }),
    index("supervisor_cells_cell_idx").on(t.researchCellId),
  ],
);

// Made by a hand-written migration (0008) and not declared here: the one-row table
// people_version, which the database's own triggers bump on every change to users,
// supervisor_cells or a cell's title; the people lists are kept per instance under it.

// ── proposals ───────────────────────────────────────────────────────────────

// Also on proposals, made by a hand-written migration (0007) and not declared here: the column
// doc (the proposal's JSON as every role reads it, written only by the database's triggers),
// and the indexes on created_by and reviewed_by those triggers use. Made by 0009 and not declared
// here either: proposal_list_versions (and its sequence), which triggers on proposals and
// proposal_members write; students' and supervisors' lists are kept per instance under it. Made by
// 0010 and not declared here (Drizzle cannot declare INCLUDE columns): the supervisors' index,
// (supervisor_id, status, created_at) INCLUDE (type), which also counts the dashboard's groups.
export const proposals = pgTable(
  "proposals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    abstract: text("abstract").notNull(),
    type: proposalTypeEnum("type").notNull(),
    researchCellId: uuid("research_cell_id")
      .notNull()
      .references(() => researchCells.id, { onDelete: "restrict" }),
    supervisorId: uuid("supervisor_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    status: proposalStatusEnum("status").notNull().default("Pending"),
    createdBy: uuid("created_by")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    /** Client-chosen id of the submission, so that a retried request finds the first one. */
    requestId: uuid("request_id"),
    createdAt: createdAt(),
    feedback: text("feedback"),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    reviewedBy: uuid("reviewed_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("proposals_cell_status_idx").on(t.researchCellId, t.status),
    index("proposals_status_created_idx").on(t.status, t.createdAt),
    index("proposals_created_idx").on(t.createdAt),
    uniqueIndex("proposals_request_uq").on(t.createdBy, t.requestId).where(sql`${t.requestId} is not null`),
  ],
);

export const proposalMembers = pgTable(
  "proposal_members",
  {
    proposalId: uuid("proposal_id")
      .notNull()
      .references(() => proposals.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    position: smallint("position").notNull(),
    active: boolean("active").notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.proposalId, t.userId] }),
    // The rule "one active proposal per student", kept by the database itself.
    uniqueIndex("proposal_members_one_active_uq").on(t.userId).where(sql`${t.active}`),
    index("proposal_members_user_idx").on(t.userId, t.proposalId),
  ],
);

// ── notices ─────────────────────────────────────────────────────────────────

export const notices = pgTable(
  "notices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    proposalId: uuid("proposal_id")
      .notNull()
      .references(() => proposals.id, { onDelete: "cascade" }),
    supervisorId: uuid("supervisor_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
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
    noticeId: uuid("notice_id")
      .notNull()
      .references(() => notices.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    readAt: timestamp("read_at", { withTimezone: true }),
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
    id: uuid("id").primaryKey().defaultRandom(),
    proposalId: uuid("proposal_id")
      .notNull()
      .references(() => proposals.id, { onDelete: "cascade" }),
    authorId: uuid("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("messages_proposal_created_idx").on(t.proposalId, t.createdAt, t.id)],
);

// ── email outbox ────────────────────────────────────────────────────────────

export const outbox = pgTable(
  "outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    toEmail: text("to_email").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    kind: text("kind").notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.sentAt} is null`)],
);
