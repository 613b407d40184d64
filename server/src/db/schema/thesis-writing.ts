/** What a thesis gathers while it is written (DESIGN.md §16): drafts, extension requests, declarations. */
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { files, users } from "./accounts";
import { createdAt, maybeRef, moment, primaryId, ref } from "./columns";
import { memberRows, theses } from "./theses";

/**
 * Every draft a member uploads, 1…n, kept as versions: a draft never changes, and the latest
 * becomes the final document at submission (theses.final_document_id, locked: files referred to
 * are never cleaned up). The document is a PDF uploaded through POST /api/files.
 */
export const thesisDrafts = pgTable(
  "thesis_drafts",
  {
    id: primaryId(),
    thesisId: ref("thesis_id", () => theses.id, "cascade"),
    number: integer("number").notNull(),
    documentId: ref("document_id", () => files.id, "restrict"),
    authorId: ref("author_id", () => users.id, "restrict"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("thesis_drafts_number_uq").on(t.thesisId, t.number),
    index("thesis_drafts_document_idx").on(t.documentId),
  ],
);

/**
 * A member's request for a later due date, and its decision (decision 0066): one open request a
 * thesis at a time; the supervisor decides an open one, the committee an open one or one the
 * supervisor decided (its decision stands over theirs). `previous_due_at` is the due date before
 * the decision, so that the committee's refusal of a request the supervisor granted restores it.
 */
export const thesisExtensions = pgTable(
  "thesis_extensions",
  {
    id: primaryId(),
    thesisId: ref("thesis_id", () => theses.id, "cascade"),
    requestedBy: ref("requested_by", () => users.id, "restrict"),
    requestedDueAt: moment("requested_due_at").notNull(),
    reason: text("reason").notNull(),
    /** open, approved or refused. */
    state: text("state").notNull().default("open"),
    decidedBy: maybeRef("decided_by", () => users.id, "restrict"),
    /** supervisor or committee: who decided it last. */
    decidedAs: text("decided_as"),
    decidedAt: moment("decided_at"),
    grantedDueAt: moment("granted_due_at"),
    previousDueAt: moment("previous_due_at"),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [
    // One open request a thesis at a time, kept by the database (a racing second request fails here).
    uniqueIndex("thesis_extensions_one_open_uq").on(t.thesisId).where(sql`${t.state} = 'open'`),
    index("thesis_extensions_thesis_idx").on(t.thesisId, t.createdAt),
    check("thesis_extensions_state_ck", sql`${t.state} in ('open', 'approved', 'refused')`),
    check(
      "thesis_extensions_decided_as_ck",
      sql`${t.decidedAs} is null or ${t.decidedAs} in ('supervisor', 'committee')`,
    ),
  ],
);

/** Each member's declaration of their own work (§16): the term's text as it was, who and when. */
export const thesisDeclarations = memberRows("thesis_declarations", {
  text: text("text").notNull(),
  declaredAt: moment("declared_at").notNull(),
});

/**
 * A member's grade on the thesis, as it stands (§16, §17): written when the thesis is Graded (by
 * the committee's record of failure, with the scale's fail grade; later by the marking). Never
 * shown to a student before release.
 */
export const thesisGrades = memberRows("thesis_grades", {
  grade: text("grade").notNull(),
  /** How it was set: failed (recorded as failed, not submitted), marking (both examiners agreed), committee (set on Disputed). */
  source: text("source").notNull(),
  setAt: moment("set_at").notNull(),
});

/**
 * An examiner's assessment of a submitted thesis (DESIGN.md §17), one a thesis per examiner's
 * place (first or second): a score 0–100 for each rubric component, a proposed grade for each
 * member on the term's scale, a comment for the students and an internal one. Its author may change
 * it until the other's arrives (the thesis's row is locked by every write). Blind: no one but its
 * author reads its content until both are in; internal comments never reach a student.
 */
export const thesisAssessments = pgTable(
  "thesis_assessments",
  {
    thesisId: ref("thesis_id", () => theses.id, "cascade"),
    /** first or second: the examiner's place when they assessed. */
    place: text("place").notNull(),
    examinerId: ref("examiner_id", () => users.id, "restrict"),
    /** {component name: 0–100} */
    scores: jsonb("scores").$type<Record<string, number>>().notNull(),
    /** {student id: grade on the term's scale} */
    grades: jsonb("grades").$type<Record<string, string>>().notNull(),
    studentComment: text("student_comment").notNull(),
    internalComment: text("internal_comment").notNull(),
    createdAt: createdAt(),
    updatedAt: moment("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.thesisId, t.place] }),
    index("thesis_assessments_examiner_idx").on(t.examinerId),
    check("thesis_assessments_place_ck", sql`${t.place} in ('first', 'second')`),
  ],
);
