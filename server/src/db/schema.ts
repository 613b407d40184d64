import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  customType,
  foreignKey,
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
import {
  MEMBERSHIP_STATES,
  PROPOSAL_STATUSES,
  PROPOSAL_TYPES,
  ROLES,
  TERM_MODES,
} from "../../../shared/src/enums";

/** Raw bytes (PostgreSQL bytea): a Buffer on the way in, a Buffer or Uint8Array on the way out. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });
/** A text search document (PostgreSQL tsvector), only ever written by the database. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export const roleEnum = pgEnum("role", ROLES);
export const proposalTypeEnum = pgEnum("proposal_type", PROPOSAL_TYPES);
export const proposalStatusEnum = pgEnum("proposal_status", PROPOSAL_STATUSES);
export const termModeEnum = pgEnum("term_mode", TERM_MODES);
export const membershipStateEnum = pgEnum("membership_state", MEMBERSHIP_STATES);

// ── accounts (the field names are the ones better-auth expects) ─────────────

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
    /** The profile picture (in `files`). */
    pictureId: uuid("picture_id").references((): AnyPgColumn => files.id, { onDelete: "set null" }),
    /**
     * A picture still on disk under DATA_DIR/uploads/pictures/<key>.webp, from before pictures
     * moved into `files`; start-up moves it in and clears this (server/src/modules/files).
     */
    pictureKey: text("picture_key"),
    emailNotifications: boolean("email_notifications").notNull().default(true),
    /**
     * Set when the committee deactivates the account (DESIGN.md §12): it cannot sign in, and a
     * trigger (migration 0016) refuses new sessions for it even against a racing sign-in.
     */
    deactivatedAt: timestamp("deactivated_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * What people search matches (DESIGN.md §14): the words of the name (weight A), the student
     * ID as one word without its punctuation (B) and the words of the email before its @ (C; a
     * domain every address shares would match everyone), lower-cased and without accents by the
     * text search configuration thesisdesk_search (migration 0012).
     * A prefix query on it (`ana:*`) is answered by users_search_idx.
     */
    searchWords: tsvector("search_words").generatedAlwaysAs(
      sql`setweight(to_tsvector('thesisdesk_search'::regconfig, regexp_replace(name, '[[:punct:]]+', ' ', 'g')), 'A') || setweight(to_tsvector('thesisdesk_search'::regconfig, regexp_replace(coalesce(student_id, ''), '[[:punct:][:space:]]+', '', 'g')), 'B') || setweight(to_tsvector('thesisdesk_search'::regconfig, regexp_replace(split_part(email, '@', 1), '[[:punct:]]+', ' ', 'g')), 'C')`,
    ),
  },
  (t) => [
    uniqueIndex("users_email_lower_uq").on(sql`lower(${t.email})`),
    // Unique in any case (DESIGN.md §13): "2021-cs-1" and "2021-CS-1" are one student ID
    // (migration 0018; `sameStudentId` in modules/accounts/student-ids.ts judges it the same way).
    uniqueIndex("users_student_id_uq").on(sql`lower(${t.studentId})`).where(sql`${t.studentId} is not null`),
    // One per sort of the people lists; the id breaks ties, so a page is a walk of the index.
    index("users_role_name_idx").on(t.role, t.name, t.id),
    index("users_role_email_idx").on(t.role, t.email, t.id),
    index("users_role_student_id_idx").on(t.role, t.studentId, t.id),
    index("users_role_created_id_idx").on(t.role, t.createdAt, t.id),
    index("users_search_idx").using("gin", t.searchWords),
    index("users_picture_idx").on(t.pictureId),
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

// ── terms (DESIGN.md §8) ────────────────────────────────────────────────────

export const terms = pgTable(
  "terms",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    mode: termModeEnum("mode").notNull().default("direct"),
    /** The submission window: open from (inclusive) to close (exclusive); null = no limit. */
    submissionsOpenAt: timestamp("submissions_open_at", { withTimezone: true }),
    submissionsCloseAt: timestamp("submissions_close_at", { withTimezone: true }),
    revisionsCloseAt: timestamp("revisions_close_at", { withTimezone: true }),
    reviewDueDays: integer("review_due_days").notNull().default(7),
    committeeApproval: boolean("committee_approval").notNull().default(false),
    /** Groups per supervisor unless they have their own (term_capacities); null = unlimited. */
    defaultCapacity: integer("default_capacity"),
    maxPreferences: integer("max_preferences").notNull().default(5),
    /** When the term's allocation was published; after it, topics and preferences are frozen. */
    allocationPublishedAt: timestamp("allocation_published_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("terms_name_lower_uq").on(sql`lower(${t.name})`),
    check("terms_window_ck", sql`${t.submissionsCloseAt} > ${t.submissionsOpenAt}`),
    check("terms_revisions_ck", sql`${t.revisionsCloseAt} > ${t.submissionsOpenAt}`),
    check("terms_review_due_ck", sql`${t.reviewDueDays} >= 1`),
    check("terms_default_capacity_ck", sql`${t.defaultCapacity} >= 0`),
    check("terms_max_preferences_ck", sql`${t.maxPreferences} >= 1`),
  ],
);

/**
 * Which term is current: one row (its key can only be true), naming a term that exists (a
 * current term cannot be deleted). Exactly one current term, kept by the database.
 */
export const currentTerm = pgTable(
  "current_term",
  {
    only: boolean("only").primaryKey().default(true),
    termId: uuid("term_id")
      .notNull()
      .references(() => terms.id, { onDelete: "restrict" }),
  },
  (t) => [check("current_term_only_ck", sql`${t.only}`)],
);

/** A supervisor's own number of places in a term, instead of the term's default. */
export const termCapacities = pgTable(
  "term_capacities",
  {
    termId: uuid("term_id")
      .notNull()
      .references(() => terms.id, { onDelete: "cascade" }),
    supervisorId: uuid("supervisor_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    capacity: integer("capacity").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.termId, t.supervisorId] }),
    check("term_capacities_capacity_ck", sql`${t.capacity} >= 0`),
  ],
);

// ── proposals ───────────────────────────────────────────────────────────────

export const proposals = pgTable(
  "proposals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    abstract: text("abstract").notNull(),
    type: proposalTypeEnum("type").notNull(),
    /** Null only for a group of an allocation term that has not been placed yet (DESIGN.md §11). */
    researchCellId: uuid("research_cell_id").references(() => researchCells.id, { onDelete: "restrict" }),
    supervisorId: uuid("supervisor_id").references(() => users.id, { onDelete: "restrict" }),
    /** The topic it was placed on (allocation terms). */
    topicId: uuid("topic_id").references((): AnyPgColumn => topics.id, { onDelete: "restrict" }),
    status: proposalStatusEnum("status").notNull().default("Pending"),
    /**
     * The term that was current when it was submitted; its settings govern it. The submission
     * names it; the default (the current term, migration 0013) serves scripts and tests.
     */
    termId: uuid("term_id")
      .notNull()
      .default(sql`current_term_id()`)
      .references(() => terms.id, { onDelete: "restrict" }),
    /**
     * When it last became Pending: its review is due reviewDueDays after. Null until it first
     * does (while its members are still answering): its supervisor sees it only from then on.
     */
    pendingSince: timestamp("pending_since", { withTimezone: true }).defaultNow(),
    createdBy: uuid("created_by")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    /** Client-chosen id of the submission, so that a retried request finds the first one. */
    requestId: uuid("request_id"),
    createdAt: createdAt(),
    feedback: text("feedback"),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    reviewedBy: uuid("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    /** The committee's sign-off (terms with committeeApproval), beside the supervisor's review. */
    committeeFeedback: text("committee_feedback"),
    committeeDecidedAt: timestamp("committee_decided_at", { withTimezone: true }),
    committeeDecidedBy: uuid("committee_decided_by").references(() => users.id, { onDelete: "set null" }),
    /** The title's words, for the committee's search of every proposal (as users.search_words). */
    searchWords: tsvector("search_words").generatedAlwaysAs(
      sql`to_tsvector('thesisdesk_search'::regconfig, regexp_replace(title, '[[:punct:]]+', ' ', 'g'))`,
    ),
  },
  (t) => [
    // The lists, newest or oldest first (ties by id): the committee's, by status, a supervisor's
    // all, and a supervisor's by status (the pending queue).
    // All terms, and one term (the lists filter by term, the current one by default).
    index("proposals_created_idx").on(t.createdAt, t.id),
    index("proposals_status_created_idx").on(t.status, t.createdAt, t.id),
    index("proposals_term_created_idx").on(t.termId, t.createdAt, t.id),
    index("proposals_term_status_created_idx").on(t.termId, t.status, t.createdAt, t.id),
    index("proposals_supervisor_created_idx").on(t.supervisorId, t.createdAt, t.id),
    // A supervisor's in one term: the pending queue, the places in use, and the dashboard's counts
    // by type from the index alone.
    index("proposals_supervisor_term_idx").on(t.supervisorId, t.termId, t.status, t.createdAt, t.id, t.type),
    // What the members' copy of the term refers to.
    uniqueIndex("proposals_id_term_uq").on(t.id, t.termId),
    index("proposals_cell_status_idx").on(t.researchCellId, t.status),
    index("proposals_search_idx").using("gin", t.searchWords),
    uniqueIndex("proposals_request_uq").on(t.createdBy, t.requestId).where(sql`${t.requestId} is not null`),
    // A topic's groups (its places in use).
    index("proposals_topic_idx").on(t.topicId),
    // A supervisor and a cell come together: a proposal has both or neither.
    check("proposals_supervisor_cell_ck", sql`(${t.supervisorId} is null) = (${t.researchCellId} is null)`),
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
    /**
     * invited (an open invitation: no place taken), accepted (a member), or how it ended without
     * being one: declined, left, cancelled (DESIGN.md §9).
     */
    state: membershipStateEnum("state").notNull().default("accepted"),
    /** An accepted member of an active proposal: holds their one place in the term. */
    active: boolean("active").notNull().default(true),
    /** The proposal's term, copied so that the one-place rule below can name it (kept equal by the foreign key). */
    termId: uuid("term_id").notNull().default(sql`current_term_id()`),
  },
  (t) => [
    primaryKey({ columns: [t.proposalId, t.userId] }),
    foreignKey({
      name: "proposal_members_proposal_term_fk",
      columns: [t.proposalId, t.termId],
      foreignColumns: [proposals.id, proposals.termId],
    })
      .onDelete("cascade")
      .onUpdate("cascade"),
    // The rule "one active proposal per student in each term", kept by the database itself.
    uniqueIndex("proposal_members_one_active_uq").on(t.termId, t.userId).where(sql`${t.active}`),
    index("proposal_members_user_idx").on(t.userId, t.proposalId),
    // A proposal's members in order, read from the index alone by every proposal read.
    index("proposal_members_proposal_idx").on(t.proposalId, t.position, t.userId),
  ],
);

/**
 * Every version of a proposal, 1…n (DESIGN.md §9): the submission is version 1, each answer to
 * "Changes requested" the next. The proposal's own title and abstract are its latest version's,
 * written in the same transaction; the versions are the record and never change.
 */
export const proposalVersions = pgTable(
  "proposal_versions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    proposalId: uuid("proposal_id")
      .notNull()
      .references(() => proposals.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    title: text("title").notNull(),
    abstract: text("abstract").notNull(),
    /** The PDF document of this version (in `files`), if one was attached. */
    documentId: uuid("document_id").references((): AnyPgColumn => files.id, { onDelete: "restrict" }),
    note: text("note"),
    authorId: uuid("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("proposal_versions_number_uq").on(t.proposalId, t.number),
    index("proposal_versions_document_idx").on(t.documentId),
  ],
);

// ── activity: the proposals' timelines and the committee's log ─────────────

/**
 * One row per thing that happened (DESIGN.md §9): every transition, invitation answer, version and
 * committee action on a proposal (its timeline: the rows with its proposal_id), and changes to
 * accounts, cells, terms and places. Written in the same transaction as the change it records.
 */
export const activity = pgTable(
  "activity",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** Who did it; null for the scheduler (or an account since deleted). */
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** What it concerns (shared/src/activity.ts): proposal, invitation, version, account, cell, term, place… */
    kind: text("kind").notNull(),
    action: text("action").notNull(),
    proposalId: uuid("proposal_id").references(() => proposals.id, { onDelete: "cascade" }),
    /** The person, cell or term it concerns, and its name at the time (kept if it goes away). */
    subjectId: uuid("subject_id"),
    subjectName: text("subject_name"),
    fromStatus: proposalStatusEnum("from_status"),
    toStatus: proposalStatusEnum("to_status"),
    note: text("note"),
  },
  (t) => [
    index("activity_proposal_idx").on(t.proposalId, t.at, t.id),
    index("activity_at_idx").on(t.at, t.id),
    index("activity_actor_idx").on(t.actorId, t.at, t.id),
    index("activity_subject_idx").on(t.subjectId, t.at, t.id),
    index("activity_kind_idx").on(t.kind, t.at, t.id),
  ],
);

// ── allocation (DESIGN.md §11) ──────────────────────────────────────────────

/** A topic a supervisor offers in an allocation term; withdrawn ones are kept for the record. */
export const topics = pgTable(
  "topics",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    termId: uuid("term_id")
      .notNull()
      .references(() => terms.id, { onDelete: "restrict" }),
    supervisorId: uuid("supervisor_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    researchCellId: uuid("research_cell_id")
      .notNull()
      .references(() => researchCells.id, { onDelete: "restrict" }),
    title: text("title").notNull(),
    description: text("description").notNull(),
    type: proposalTypeEnum("type").notNull(),
    /** Groups it takes. */
    capacity: integer("capacity").notNull(),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
    createdAt: createdAt(),
    /** The title's and description's words, for the students' search (as users.search_words). */
    searchWords: tsvector("search_words").generatedAlwaysAs(
      sql`to_tsvector('thesisdesk_search'::regconfig, regexp_replace(title || ' ' || description, '[[:punct:]]+', ' ', 'g'))`,
    ),
  },
  (t) => [
    index("topics_term_title_idx").on(t.termId, t.title, t.id),
    index("topics_supervisor_term_idx").on(t.supervisorId, t.termId),
    index("topics_search_idx").using("gin", t.searchWords),
    check("topics_capacity_ck", sql`${t.capacity} >= 1`),
  ],
);

/** A group's ranked topics (1 = first choice), while it is Awaiting allocation. */
export const proposalPreferences = pgTable(
  "proposal_preferences",
  {
    proposalId: uuid("proposal_id")
      .notNull()
      .references(() => proposals.id, { onDelete: "cascade" }),
    topicId: uuid("topic_id")
      .notNull()
      .references(() => topics.id, { onDelete: "restrict" }),
    rank: smallint("rank").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.proposalId, t.rank] }),
    uniqueIndex("proposal_preferences_topic_uq").on(t.proposalId, t.topicId),
    // The groups that listed a topic (a supervisor's applicants; a withdrawal).
    index("proposal_preferences_topic_idx").on(t.topicId),
  ],
);

/** A supervisor's order of the groups that listed their topics (1 = first); the rest go by lot. */
export const supervisorRankings = pgTable(
  "supervisor_rankings",
  {
    supervisorId: uuid("supervisor_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    proposalId: uuid("proposal_id")
      .notNull()
      .references(() => proposals.id, { onDelete: "cascade" }),
    rank: integer("rank").notNull(),
  },
  (t) => [primaryKey({ columns: [t.supervisorId, t.proposalId] })],
);

/**
 * A term's allocation draft (one per term): when and from which inputs (their digest) it was made,
 * the seed of its lot, whether it was moved by hand, and when it was published.
 */
export const allocationDrafts = pgTable("allocation_drafts", {
  termId: uuid("term_id")
    .primaryKey()
    .references(() => terms.id, { onDelete: "cascade" }),
  /**
   * The SHA-256 of the canonical inputs the draft was made from (allocation/inputs.ts): it is out
   * of date when the inputs now digest otherwise (decision 0042). Null for a draft made before
   * issue 28, which is out of date.
   */
  inputsDigest: text("inputs_digest"),
  seed: text("seed").notNull(),
  madeAt: timestamp("made_at", { withTimezone: true }).notNull(),
  madeBy: uuid("made_by").references(() => users.id, { onDelete: "set null" }),
  moved: boolean("moved").notNull().default(false),
});

/** The draft's rows: each group of the term with its topic (or none) and the rank it got. */
export const allocationAssignments = pgTable(
  "allocation_assignments",
  {
    termId: uuid("term_id")
      .notNull()
      .references(() => allocationDrafts.termId, { onDelete: "cascade" }),
    proposalId: uuid("proposal_id")
      .notNull()
      .references(() => proposals.id, { onDelete: "cascade" }),
    topicId: uuid("topic_id").references(() => topics.id, { onDelete: "cascade" }),
    rank: smallint("rank"),
  },
  (t) => [primaryKey({ columns: [t.termId, t.proposalId] })],
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
  (t) => [
    index("messages_proposal_created_idx").on(t.proposalId, t.createdAt, t.id),
    // A person's own messages, for "Download my data".
    index("messages_author_created_idx").on(t.authorId, t.createdAt, t.id),
  ],
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

// ── scheduled work ──────────────────────────────────────────────────────────

/**
 * One row per job of the scheduler (server/src/lib/scheduler.ts): when it is next due. An
 * instance runs a due job while holding its row (FOR UPDATE SKIP LOCKED) and moves next_run_at
 * in the same transaction, so a run happens once across instances and a missed one runs late.
 */
export const scheduledJobs = pgTable("scheduled_jobs", {
  name: text("name").primaryKey(),
  nextRunAt: timestamp("next_run_at", { withTimezone: true }).notNull(),
  lastRunAt: timestamp("last_run_at", { withTimezone: true }),
  lastError: text("last_error"),
});

// ── files ───────────────────────────────────────────────────────────────────

/**
 * Every stored file (DESIGN.md §10): profile pictures now, proposal documents later. The bytes
 * live in PostgreSQL, so instances share nothing else and a database backup holds every file.
 */
export const files = pgTable(
  "files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: uuid("owner_id").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    mediaType: text("media_type").notNull(),
    size: integer("size").notNull(),
    /** SHA-256 of the bytes, hex. */
    sha256: text("sha256").notNull(),
    bytes: bytea("bytes").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("files_owner_idx").on(t.ownerId)],
);
