/** Allocation (DESIGN.md §11): groups' preferences, supervisors' rankings, the draft. */

import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { maybeRef, moment, primaryId, ref } from "./columns";
import { proposals } from "./proposals";
import { terms, topics } from "./terms";

/** A group's ranked topics (1 = first choice), while it is Awaiting allocation. */
export const proposalPreferences = pgTable(
  "proposal_preferences",
  {
    proposalId: ref("proposal_id", () => proposals.id, "cascade"),
    topicId: ref("topic_id", () => topics.id, "restrict"),
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
    supervisorId: ref("supervisor_id", () => users.id, "cascade"),
    proposalId: ref("proposal_id", () => proposals.id, "cascade"),
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
  madeAt: moment("made_at").notNull(),
  madeBy: maybeRef("made_by", () => users.id, "set null"),
  moved: boolean("moved").notNull().default(false),
  /** The committee's moves by hand since the run, in order: what the certificate replays (DESIGN.md §20). */
  moves: jsonb("moves").$type<{ proposalId: string; topicId: string | null }[]>().notNull().default([]),
});

/** The draft's rows: each group of the term with its topic (or none) and the rank it got. */
export const allocationAssignments = pgTable(
  "allocation_assignments",
  {
    termId: ref("term_id", () => allocationDrafts.termId, "cascade"),
    proposalId: ref("proposal_id", () => proposals.id, "cascade"),
    topicId: maybeRef("topic_id", () => topics.id, "cascade"),
    rank: smallint("rank"),
  },
  (t) => [primaryKey({ columns: [t.termId, t.proposalId] })],
);

/**
 * What a published allocation was made from and what it gave (DESIGN.md §20), stored once at the
 * publication so that anyone may check it: the seed of the lot, the inputs in their canonical
 * form (text, exactly as digested: jsonb would reorder its keys) and their SHA-256, the moves by
 * hand, the result, its profile and its blocking pairs. Never changed after.
 */
export const allocationCertificates = pgTable("allocation_certificates", {
  termId: uuid("term_id")
    .primaryKey()
    .references(() => terms.id, { onDelete: "cascade" }),
  seed: text("seed").notNull(),
  inputs: text("inputs").notNull(),
  inputsDigest: text("inputs_digest").notNull(),
  moves: jsonb("moves").$type<{ proposalId: string; topicId: string | null }[]>().notNull(),
  /** Each group of the draft, by id: [proposalId, topicId or null, rank or null]. */
  result: jsonb("result").$type<[string, string | null, number | null][]>().notNull(),
  /** Groups matched to their 1st, 2nd, … choice. */
  byRank: jsonb("by_rank").$type<number[]>().notNull(),
  unmatched: integer("unmatched").notNull(),
  /** [proposalId, topicId] of each blocking pair of the published matching. */
  blockingPairs: jsonb("blocking_pairs").$type<[string, string][]>().notNull(),
  publishedAt: moment("published_at").notNull(),
  publishedBy: maybeRef("published_by", () => users.id, "set null"),
});

/** A scenario's capacities: by topic id, and by supervisor id (null = no limit). */
export interface ScenarioCapacities {
  topics: Record<string, number>;
  supervisors: Record<string, number | null>;
}

/**
 * A what-if copy of a term's draft (DESIGN.md §20): its own capacities, never the real ones, and
 * the result of the same matching run with them. `base` and `baseDraft` are the real capacities
 * and the draft (seed, when it was made, its moves) at the copy: adopting a scenario whose base is
 * no longer what is real is refused, so nothing is silently overwritten.
 */
export const allocationScenarios = pgTable(
  "allocation_scenarios",
  {
    id: primaryId(),
    termId: ref("term_id", () => terms.id, "cascade"),
    name: text("name").notNull(),
    madeAt: moment("made_at").notNull(),
    madeBy: maybeRef("made_by", () => users.id, "set null"),
    /** The draft's seed: the scenario's lot is the draft's. */
    seed: text("seed").notNull(),
    baseDraft: text("base_draft").notNull(),
    base: jsonb("base").$type<ScenarioCapacities>().notNull(),
    capacities: jsonb("capacities").$type<ScenarioCapacities>().notNull(),
    /** Each group, by id: [proposalId, topicId or null, rank or null]; null until run, and after each change. */
    result: jsonb("result").$type<[string, string | null, number | null][]>(),
    /** The digest of the inputs with the scenario's capacities at its run: what the draft gets on adoption. */
    resultDigest: text("result_digest"),
    ranAt: moment("ran_at"),
  },
  (t) => [index("allocation_scenarios_term_idx").on(t.termId, t.madeAt)],
);
