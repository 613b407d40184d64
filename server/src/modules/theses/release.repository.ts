import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { selectRows } from "../../db/query";
import { proposals, terms, theses, thesisAssessments, thesisConsents, users } from "../../db/schema";

/** A member's answer to publishing as Public (§19), for themselves; a second replaces the first. */
export async function upsertConsent(
  db: Db,
  v: { thesisId: string; studentId: string; public: boolean; at: Date },
) {
  await db
    .insert(thesisConsents)
    .values(v)
    .onConflictDoUpdate({
      target: [thesisConsents.thesisId, thesisConsents.studentId],
      set: { public: v.public, at: v.at },
    });
}

export async function selectConsents(db: Db, thesisId: string) {
  const rows = await selectRows<{ student_id: string; public: boolean }>(
    db,
    sql`select student_id, public from ${thesisConsents} where thesis_id = ${thesisId}`,
  );
  return rows.map((r) => ({ studentId: r.student_id, public: r.public }));
}

/** The Graded theses of a term, in a stable order (their rows are then locked one by one). */
export async function selectGradedOfTerm(db: Db, termId: string) {
  const rows = await selectRows<{ id: string }>(
    db,
    sql`select th.id from ${theses} th join ${proposals} p on p.id = th.proposal_id
         where p.term_id = ${termId} and th.state = 'Graded' order by th.id`,
  );
  return rows.map((r) => r.id);
}

export async function termExists(db: Db, termId: string) {
  return (await selectRows(db, sql`select 1 from ${terms} where id = ${termId}`)).length > 0;
}

/** Both examiners' comments for the students, never the internal ones (§17): only that column is read. */
export function selectStudentComments(db: Db, thesisId: string) {
  return selectRows<{ place: string; examiner: string; text: string }>(
    db,
    sql`select a.place, u.name as examiner, a.student_comment as text
          from ${thesisAssessments} a join ${users} u on u.id = a.examiner_id
         where a.thesis_id = ${thesisId} order by a.place`,
  );
}
