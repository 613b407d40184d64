/** Allocation (DESIGN.md §11): groups' preferences, supervisors' rankings, the draft. */

import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { ref } from "./columns";
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
  madeAt: timestamp("made_at", { withTimezone: true }).notNull(),
  madeBy: uuid("made_by").references(() => users.id, { onDelete: "set null" }),
  moved: boolean("moved").notNull().default(false),
});

/** The draft's rows: each group of the term with its topic (or none) and the rank it got. */
export const allocationAssignments = pgTable(
  "allocation_assignments",
  {
    termId: ref("term_id", () => allocationDrafts.termId, "cascade"),
    proposalId: ref("proposal_id", () => proposals.id, "cascade"),
    topicId: uuid("topic_id").references(() => topics.id, { onDelete: "cascade" }),
    rank: smallint("rank"),
  },
  (t) => [primaryKey({ columns: [t.termId, t.proposalId] })],
);
