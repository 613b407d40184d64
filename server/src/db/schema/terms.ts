/** Terms (DESIGN.md §8), their places, and the topics offered in them (DESIGN.md §11). */

import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { DEFAULT_TOLERANCE } from "../../../../shared/src/grades";
import {
  DEFAULT_DECLARATION,
  DEFAULT_DEFENSE_MINUTES,
  DEFAULT_MARKING_DAYS,
  DEFAULT_RUBRIC,
  DEFAULT_WRITING_WEEKS,
  type RubricComponent,
} from "../../../../shared/src/thesis-settings";
import { users } from "./accounts";
import { researchCells } from "./cells";
import { createdAt, moment, primaryId, ref, tsvector } from "./columns";
import { gradeScaleEnum, proposalTypeEnum, termModeEnum } from "./enums";

export const terms = pgTable(
  "terms",
  {
    id: primaryId(),
    name: text("name").notNull(),
    mode: termModeEnum("mode").notNull().default("direct"),
    /** The submission window: open from (inclusive) to close (exclusive); null = no limit. */
    submissionsOpenAt: moment("submissions_open_at"),
    submissionsCloseAt: moment("submissions_close_at"),
    revisionsCloseAt: moment("revisions_close_at"),
    reviewDueDays: integer("review_due_days").notNull().default(7),
    committeeApproval: boolean("committee_approval").notNull().default(false),
    /** Groups per supervisor unless they have their own (term_capacities); null = unlimited. */
    defaultCapacity: integer("default_capacity"),
    maxPreferences: integer("max_preferences").notNull().default(5),
    /** When the term's allocation was published; after it, topics and preferences are frozen. */
    allocationPublishedAt: moment("allocation_published_at"),
    // The thesis (DESIGN.md §16): when theses are due (else writingWeeks after their start), how
    // they are marked (scale, tolerance, rubric: frozen once a thesis of the term is submitted),
    // what each member declares, and the examiners' and the defense's times.
    thesisDueAt: moment("thesis_due_at"),
    writingWeeks: integer("writing_weeks").notNull().default(DEFAULT_WRITING_WEEKS),
    gradeScale: gradeScaleEnum("grade_scale").notNull().default("percent"),
    /** Points for `percent`, steps of the scale otherwise. */
    gradeTolerance: integer("grade_tolerance").notNull().default(DEFAULT_TOLERANCE.percent),
    rubric: jsonb("rubric")
      .$type<RubricComponent[]>()
      .notNull()
      .default(sql.raw(`'${JSON.stringify(DEFAULT_RUBRIC)}'::jsonb`)),
    declarationText: text("declaration_text").notNull().default(DEFAULT_DECLARATION),
    markingDays: integer("marking_days").notNull().default(DEFAULT_MARKING_DAYS),
    defenseRequired: boolean("defense_required").notNull().default(false),
    defenseMinutes: integer("defense_minutes").notNull().default(DEFAULT_DEFENSE_MINUTES),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("terms_name_lower_uq").on(sql`lower(${t.name})`),
    check("terms_window_ck", sql`${t.submissionsCloseAt} > ${t.submissionsOpenAt}`),
    check("terms_revisions_ck", sql`${t.revisionsCloseAt} > ${t.submissionsOpenAt}`),
    check("terms_review_due_ck", sql`${t.reviewDueDays} >= 1`),
    check("terms_default_capacity_ck", sql`${t.defaultCapacity} >= 0`),
    check("terms_max_preferences_ck", sql`${t.maxPreferences} >= 1`),
    check("terms_writing_weeks_ck", sql`${t.writingWeeks} >= 1`),
    check("terms_grade_tolerance_ck", sql`${t.gradeTolerance} >= 0`),
    check("terms_marking_days_ck", sql`${t.markingDays} >= 1`),
    check("terms_defense_minutes_ck", sql`${t.defenseMinutes} >= 1`),
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
    termId: ref("term_id", () => terms.id, "restrict"),
  },
  (t) => [check("current_term_only_ck", sql`${t.only}`)],
);

/** A supervisor's own number of places in a term, instead of the term's default. */
export const termCapacities = pgTable(
  "term_capacities",
  {
    termId: ref("term_id", () => terms.id, "cascade"),
    supervisorId: ref("supervisor_id", () => users.id, "cascade"),
    capacity: integer("capacity").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.termId, t.supervisorId] }),
    check("term_capacities_capacity_ck", sql`${t.capacity} >= 0`),
  ],
);

/** A topic a supervisor offers in an allocation term; withdrawn ones are kept for the record. */
export const topics = pgTable(
  "topics",
  {
    id: primaryId(),
    termId: ref("term_id", () => terms.id, "restrict"),
    supervisorId: ref("supervisor_id", () => users.id, "restrict"),
    researchCellId: ref("research_cell_id", () => researchCells.id, "restrict"),
    title: text("title").notNull(),
    description: text("description").notNull(),
    type: proposalTypeEnum("type").notNull(),
    /** Groups it takes. */
    capacity: integer("capacity").notNull(),
    withdrawnAt: moment("withdrawn_at"),
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
