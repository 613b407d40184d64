/** Proposals, their members and versions, and what happened to them (the activity log). */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { files, users } from "./accounts";
import { researchCells } from "./cells";
import { createdAt, maybeRef, moment, primaryId, ref, tsvector } from "./columns";
import { membershipStateEnum, proposalStatusEnum, proposalTypeEnum, thesisStateEnum } from "./enums";
import { terms, topics } from "./terms";

export const proposals = pgTable(
  "proposals",
  {
    id: primaryId(),
    title: text("title").notNull(),
    abstract: text("abstract").notNull(),
    type: proposalTypeEnum("type").notNull(),
    /** Null only for a group of an allocation term that has not been placed yet (DESIGN.md §11). */
    researchCellId: maybeRef("research_cell_id", () => researchCells.id, "restrict"),
    supervisorId: maybeRef("supervisor_id", () => users.id, "restrict"),
    /** The topic it was placed on (allocation terms). */
    topicId: maybeRef("topic_id", (): AnyPgColumn => topics.id, "restrict"),
    status: proposalStatusEnum("status").notNull().default("Pending"),
    /**
     * The term that was current when it was submitted; its settings govern it. The submission
     * names it; the default (the current term, migration 0013) serves scripts and tests.
     */
    termId: ref("term_id", () => terms.id, "restrict").default(sql`current_term_id()`),
    /**
     * When it last became Pending: its review is due reviewDueDays after. Null until it first
     * does (while its members are still answering): its supervisor sees it only from then on.
     */
    pendingSince: moment("pending_since").defaultNow(),
    createdBy: ref("created_by", () => users.id, "restrict"),
    /** Client-chosen id of the submission, so that a retried request finds the first one. */
    requestId: uuid("request_id"),
    createdAt: createdAt(),
    feedback: text("feedback"),
    reviewedAt: moment("reviewed_at"),
    reviewedBy: maybeRef("reviewed_by", () => users.id, "set null"),
    /** The committee's sign-off (terms with committeeApproval), beside the supervisor's review. */
    committeeFeedback: text("committee_feedback"),
    committeeDecidedAt: moment("committee_decided_at"),
    committeeDecidedBy: maybeRef("committee_decided_by", () => users.id, "set null"),
    /** The title's words, for the committee's search of every proposal (as users.search_words). */
    searchWords: tsvector("search_words").generatedAlwaysAs(
      sql`to_tsvector('thesisdesk_search'::regconfig, regexp_replace(title, '[[:punct:]]+', ' ', 'g'))`,
    ),
    /** The title's and abstract's words, for the archive's search (DESIGN.md §19, decision 0077). */
    archiveWords: tsvector("archive_words").generatedAlwaysAs(
      sql`to_tsvector('thesisdesk_search'::regconfig, regexp_replace(title || ' ' || abstract, '[[:punct:]]+', ' ', 'g'))`,
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
    // A term's Pending proposals by when they became Pending (and whose): which are not yet due,
    // the complement of the overdue ones among the Pending that proposal_counts keeps (decision 0060).
    index("proposals_pending_since_idx")
      .on(t.termId, t.pendingSince, t.supervisorId)
      .where(sql`${t.status} = 'Pending'`),
    index("proposals_search_idx").using("gin", t.searchWords),
    index("proposals_archive_search_idx").using("gin", t.archiveWords),
    // Similar titles (DESIGN.md §19): pg_trgm's `%` over the titles the caller may see. No pending
    // list, as the people search's (migration 0003): the planner then prices it steadily after bursts.
    index("proposals_title_trgm_idx").using("gin", t.title.op("gin_trgm_ops")).with({ fastupdate: "off" }),
    uniqueIndex("proposals_request_uq").on(t.createdBy, t.requestId).where(sql`${t.requestId} is not null`),
    // A topic's groups (its places in use).
    index("proposals_topic_idx").on(t.topicId),
    // A supervisor and a cell come together: a proposal has both or neither.
    check("proposals_supervisor_cell_ck", sql`(${t.supervisorId} is null) = (${t.researchCellId} is null)`),
    // A Pending proposal knows since when: its review's due date, and the overdue count, need it.
    check("proposals_pending_since_ck", sql`${t.status} <> 'Pending' or ${t.pendingSince} is not null`),
  ],
);

export const proposalMembers = pgTable(
  "proposal_members",
  {
    proposalId: ref("proposal_id", () => proposals.id, "cascade"),
    userId: ref("user_id", () => users.id, "restrict"),
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
    id: primaryId(),
    proposalId: ref("proposal_id", () => proposals.id, "cascade"),
    number: integer("number").notNull(),
    title: text("title").notNull(),
    abstract: text("abstract").notNull(),
    /** The PDF document of this version (in `files`), if one was attached. */
    documentId: maybeRef("document_id", (): AnyPgColumn => files.id, "restrict"),
    note: text("note"),
    authorId: ref("author_id", () => users.id, "restrict"),
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
    at: moment("at").notNull().defaultNow(),
    /** Who did it; null for the scheduler (or an account since deleted). */
    actorId: maybeRef("actor_id", () => users.id, "set null"),
    /** What it concerns (shared/src/activity.ts): proposal, invitation, version, account, cell, term, place… */
    kind: text("kind").notNull(),
    action: text("action").notNull(),
    proposalId: maybeRef("proposal_id", () => proposals.id, "cascade"),
    /** The person, cell or term it concerns, and its name at the time (kept if it goes away). */
    subjectId: uuid("subject_id"),
    subjectName: text("subject_name"),
    fromStatus: proposalStatusEnum("from_status"),
    toStatus: proposalStatusEnum("to_status"),
    /** A thesis's states before and after (kind "thesis", DESIGN.md §16); its proposal_id is its proposal's. */
    fromThesisState: thesisStateEnum("from_thesis_state"),
    toThesisState: thesisStateEnum("to_thesis_state"),
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
