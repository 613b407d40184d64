import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { selectRow, selectRows } from "../../db/query";
import {
  files,
  proposalMembers,
  proposals,
  terms,
  theses,
  thesisDeclarations,
  thesisDrafts,
  thesisExtensions,
  thesisGrades,
  users,
} from "../../db/schema";

/** The next draft, numbered after the last (the thesis row is locked by the action, so numbers never race). */
export async function insertDraft(
  db: Db,
  v: { thesisId: string; documentId: string; authorId: string; at: Date },
) {
  const [row] = await selectRows<{ number: number }>(
    db,
    sql`insert into ${thesisDrafts} (thesis_id, number, document_id, author_id, created_at)
        select ${v.thesisId}, coalesce(max(number), 0) + 1, ${v.documentId}, ${v.authorId}, ${v.at.toISOString()}::timestamptz
          from ${thesisDrafts} where thesis_id = ${v.thesisId}
        returning number`,
  );
  return row.number;
}

/** A thesis's drafts, newest first, with their authors and documents. */
export function selectDrafts(db: Db, thesisId: string) {
  return selectRows<{
    id: string;
    number: number;
    created_at: string;
    author_id: string;
    author_name: string;
    document: { id: string; name: string; size: number };
  }>(
    db,
    sql`select d.id, d.number, d.created_at, u.id as author_id, u.name as author_name,
               json_build_object('id', f.id, 'name', f.name, 'size', f.size) as document
          from ${thesisDrafts} d join ${users} u on u.id = d.author_id join ${files} f on f.id = d.document_id
         where d.thesis_id = ${thesisId}
         order by d.number desc`,
  );
}

export interface ExtensionRow {
  id: string;
  requested_by: string;
  requested_by_name: string;
  requested_due_at: string;
  reason: string;
  state: "open" | "approved" | "refused";
  decided_as: "supervisor" | "committee" | null;
  decided_by_name: string | null;
  decided_at: string | null;
  granted_due_at: string | null;
  previous_due_at: string | null;
  note: string | null;
  created_at: string;
}

/** A thesis's latest extension request (the one a decision is about), if any. */
export function selectLatestExtension(db: Db, thesisId: string) {
  return selectRow<ExtensionRow>(
    db,
    sql`select x.id, x.requested_by, r.name as requested_by_name, x.requested_due_at, x.reason, x.state, x.decided_as,
               d.name as decided_by_name, x.decided_at, x.granted_due_at, x.previous_due_at, x.note, x.created_at
          from ${thesisExtensions} x
          join ${users} r on r.id = x.requested_by
          left join ${users} d on d.id = x.decided_by
         where x.thesis_id = ${thesisId}
         order by x.created_at desc, x.id desc limit 1`,
  );
}

export async function insertExtension(
  db: Db,
  v: { thesisId: string; requestedBy: string; requestedDueAt: Date; reason: string; at: Date },
) {
  await db.insert(thesisExtensions).values({ ...v, createdAt: v.at });
}

/** Records a decision on a request (a committee's over a supervisor's replaces it; the first due date stays). */
export async function decideExtensionRow(
  db: Db,
  id: string,
  v: {
    approve: boolean;
    by: string;
    as: "supervisor" | "committee";
    at: Date;
    grantedDueAt: Date | null;
    previousDueAt: Date;
    note: string | null;
  },
) {
  await db.execute(
    sql`update ${thesisExtensions}
           set state = ${v.approve ? "approved" : "refused"}, decided_by = ${v.by}, decided_as = ${v.as},
               decided_at = ${v.at.toISOString()}::timestamptz,
               granted_due_at = ${v.grantedDueAt?.toISOString() ?? null}::timestamptz,
               previous_due_at = coalesce(previous_due_at, ${v.previousDueAt.toISOString()}::timestamptz),
               note = ${v.note}
         where id = ${id}`,
  );
}

/** The scale of the thesis's term, for a grade the committee records (§16). */
export function selectTermScale(db: Db, proposalId: string) {
  return selectRow<{ grade_scale: "percent" | "german" | "letter"; declaration_text: string }>(
    db,
    sql`select tm.grade_scale, tm.declaration_text from ${proposals} p join ${terms} tm on tm.id = p.term_id
         where p.id = ${proposalId}`,
  );
}

export async function insertGrades(
  db: Db,
  thesisId: string,
  grades: { studentId: string; grade: string }[],
  source: string,
  at: Date,
) {
  if (!grades.length) return;
  await db
    .insert(thesisGrades)
    .values(grades.map((g) => ({ thesisId, studentId: g.studentId, grade: g.grade, source, setAt: at })))
    .onConflictDoUpdate({
      target: [thesisGrades.thesisId, thesisGrades.studentId],
      set: { grade: sql`excluded.grade`, source: sql`excluded.source`, setAt: sql`excluded.set_at` },
    });
}

/** Each member's declaration of their own work on a thesis. */
export function selectDeclarations(db: Db, thesisId: string) {
  return selectRows<{ student_id: string; text: string; declared_at: string }>(
    db,
    sql`select student_id, text, declared_at from ${thesisDeclarations} where thesis_id = ${thesisId}`,
  );
}

/** The theses still in Writing past their due date (§16), oldest due first, for the committee's digest. */
export function selectOverdueTheses(db: Db, now: Date) {
  return selectRows<{ title: string; due_at: string; members: string }>(
    db,
    sql`select p.title, th.due_at,
               coalesce((select string_agg(u.name, ', ' order by m.position)
                           from ${proposalMembers} m join ${users} u on u.id = m.user_id
                          where m.proposal_id = p.id and m.state = 'accepted'), '') as members
          from ${theses} th join ${proposals} p on p.id = th.proposal_id
         where th.state = 'Writing' and th.due_at < ${now.toISOString()}::timestamptz
         order by th.due_at, th.id`,
  );
}

/** Records a member's declaration with the term's text as it is now; a second one keeps the first (false). */
export async function insertDeclaration(
  db: Db,
  v: { thesisId: string; studentId: string; text: string; at: Date },
) {
  const rows = await db
    .insert(thesisDeclarations)
    .values({ thesisId: v.thesisId, studentId: v.studentId, text: v.text, declaredAt: v.at })
    .onConflictDoNothing()
    .returning({ id: thesisDeclarations.studentId });
  return rows.length > 0;
}

/**
 * Holds the thesis's term row FOR SHARE until the transaction ends (decision 0063): a change of the
 * term's scale, tolerance or rubric (which locks it FOR UPDATE) and a first submission are ordered,
 * so the freeze cannot be raced.
 */
export async function shareTermRow(db: Db, proposalId: string) {
  await db.execute(
    sql`select 1 from ${terms} where id = (select term_id from ${proposals} where id = ${proposalId}) for share`,
  );
}

/** The latest draft's document, which becomes final at submission. */
export function selectLatestDraft(db: Db, thesisId: string) {
  return selectRow<{ document_id: string; number: number }>(
    db,
    sql`select document_id, number from ${thesisDrafts} where thesis_id = ${thesisId} order by number desc limit 1`,
  );
}

/** Whether either examiner's assessment is in (§16: a return only before any). */
export async function anyAssessment(db: Db, thesisId: string) {
  const row = await selectRow<{ any: boolean }>(
    db,
    sql`select (first_assessed_at is not null or second_assessed_at is not null) as any from ${theses} where id = ${thesisId}`,
  );
  return !!row?.any;
}
