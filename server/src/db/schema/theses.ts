/** The thesis that an Approved proposal starts (DESIGN.md §16), 1:1 with its proposal. */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  type PgColumnBuilderBase,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { files, users } from "./accounts";
import { createdAt, maybeRef, moment, primaryId, ref, updatedAt } from "./columns";
import { thesisStateEnum } from "./enums";
import { proposals } from "./proposals";

/**
 * Its members are its proposal's accepted members (one group, one place in the term); its
 * supervisor is its proposal's. State changes are conditional updates on the state read (and
 * `version`, which every change of the row increases), so a racing action changes nothing.
 */
export const theses = pgTable(
  "theses",
  {
    id: primaryId(),
    proposalId: ref("proposal_id", () => proposals.id, "cascade"),
    state: thesisStateEnum("state").notNull().default("Writing"),
    startedAt: moment("started_at").notNull(),
    dueAt: moment("due_at").notNull(),
    /** The supervisor when it starts (§17); the committee may replace them until their assessment is in. */
    firstExaminerId: maybeRef("first_examiner_id", () => users.id, "restrict"),
    secondExaminerId: maybeRef("second_examiner_id", () => users.id, "restrict"),
    /** When each examiner's assessment came in (the assessments are their own rows, §17). */
    firstAssessedAt: moment("first_assessed_at"),
    secondAssessedAt: moment("second_assessed_at"),
    submittedAt: moment("submitted_at"),
    /** The final document, locked at submission. */
    finalDocumentId: maybeRef("final_document_id", () => files.id, "restrict"),
    /** The supervisor's proposal (§19): Public, Internal or Private; none means Internal at release. */
    proposedVisibility: text("proposed_visibility"),
    /** Before this date the released thesis acts as Private (§19); proposed by the supervisor, changed by the committee. */
    embargoUntil: moment("embargo_until"),
    /** The visibility it was released with (Public only with every member's consent), later the committee's. */
    visibility: text("visibility"),
    releasedAt: moment("released_at"),
    version: integer("version").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("theses_proposal_uq").on(t.proposalId),
    index("theses_state_due_idx").on(t.state, t.dueAt, t.id),
    index("theses_first_examiner_idx").on(t.firstExaminerId, t.state),
    index("theses_second_examiner_idx").on(t.secondExaminerId, t.state),
    // The archive (DESIGN.md §19): released theses, newest first.
    index("theses_released_idx").on(t.releasedAt, t.id).where(sql`${t.state} = 'Released'`),
    check(
      "theses_visibility_ck",
      sql`${t.proposedVisibility} is null or ${t.proposedVisibility} in ('Public', 'Internal', 'Private')`,
    ),
    check(
      "theses_released_visibility_ck",
      sql`${t.visibility} is null or ${t.visibility} in ('Public', 'Internal', 'Private')`,
    ),
    check("theses_due_ck", sql`${t.dueAt} > ${t.startedAt}`),
    // Two examiners, never one person twice (§17).
    check(
      "theses_examiners_ck",
      sql`${t.secondExaminerId} is null or ${t.secondExaminerId} is distinct from ${t.firstExaminerId}`,
    ),
  ],
);

/**
 * A table of one row per member of a thesis (its thesis and the student, the pair its key) and
 * `columns`: their consents, declarations and grades.
 */
export const memberRows = <C extends Record<string, PgColumnBuilderBase>>(name: string, columns: C) =>
  pgTable(
    name,
    {
      thesisId: ref("thesis_id", () => theses.id, "cascade"),
      studentId: ref("student_id", () => users.id, "restrict"),
      ...columns,
    },
    (t) => [primaryKey({ columns: [t.thesisId, t.studentId] })],
  );

/** Each member's consent to publishing the thesis as Public (§19), for themselves, until release. */
export const thesisConsents = memberRows("thesis_consents", {
  public: boolean("public").notNull(),
  at: moment("at").notNull(),
});
