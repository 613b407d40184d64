import type { GradeScale } from "@shared/enums";
import type { RubricComponent } from "@shared/thesis-settings";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { selectRow, selectRows } from "../../db/query";
import {
  proposalMembers,
  proposals,
  terms,
  theses,
  thesisAssessments,
  thesisGrades,
  users,
} from "../../db/schema";

export type Place = "first" | "second";

/** What the marking reads of the thesis's term (DESIGN.md §16, §17): scale, tolerance, rubric, markingDays. */
export function selectMarking(db: Db, proposalId: string) {
  return selectRow<{
    grade_scale: GradeScale;
    grade_tolerance: number;
    rubric: RubricComponent[];
    marking_days: number;
  }>(
    db,
    sql`select tm.grade_scale, tm.grade_tolerance, tm.rubric, tm.marking_days
          from ${proposals} p join ${terms} tm on tm.id = p.term_id where p.id = ${proposalId}`,
  );
}

/** An assessment's marks: a score by rubric component, a grade by member. */
interface Marks {
  scores: Record<string, number>;
  grades: Record<string, string>;
}

export interface AssessmentRow extends Marks {
  place: Place;
  examiner_id: string;
  student_comment: string;
  internal_comment: string;
  updated_at: string;
}

/** A thesis's assessments (none, one or both). */
export function selectAssessments(db: Db, thesisId: string) {
  return selectRows<AssessmentRow>(
    db,
    sql`select place, examiner_id, scores, grades, student_comment, internal_comment, updated_at
          from ${thesisAssessments} where thesis_id = ${thesisId} order by place`,
  );
}

/** Writes the examiner's assessment in their place: their first, or a change of their own. */
export async function upsertAssessment(
  db: Db,
  v: Marks & {
    thesisId: string;
    place: Place;
    examinerId: string;
    studentComment: string;
    internalComment: string;
    at: Date;
  },
) {
  await db
    .insert(thesisAssessments)
    .values({ ...v, createdAt: v.at, updatedAt: v.at })
    .onConflictDoUpdate({
      target: [thesisAssessments.thesisId, thesisAssessments.place],
      set: {
        examinerId: v.examinerId,
        scores: v.scores,
        grades: v.grades,
        studentComment: v.studentComment,
        internalComment: v.internalComment,
        updatedAt: v.at,
      },
    });
}

/** A thesis's grades as they stand (never shown to a student before release). */
export function selectGrades(db: Db, thesisId: string) {
  return selectRows<{ student_id: string; grade: string }>(
    db,
    sql`select student_id, grade from ${thesisGrades} where thesis_id = ${thesisId}`,
  );
}

/** An account that might become an examiner: its role, whether it is deactivated. */
export function selectCandidate(db: Db, id: string) {
  return selectRow<{ id: string; name: string; role: string; deactivated: boolean }>(
    db,
    sql`select id, name, role, deactivated_at is not null as deactivated from ${users} where id = ${id}`,
  );
}

/** Whether the person is (or was invited as) a member of the proposal's group. */
export async function isGroupMember(db: Db, proposalId: string, userId: string) {
  const row = await selectRow<{ yes: boolean }>(
    db,
    sql`select exists (select 1 from ${proposalMembers} where proposal_id = ${proposalId} and user_id = ${userId}) as yes`,
  );
  return !!row?.yes;
}

/**
 * Submitted theses whose assessments are past due (submission + the term's markingDays, §17), oldest
 * due first, with the examiners still awaited, for the committee's digest.
 */
export function selectOverdueAssessments(db: Db, now: Date) {
  const due = sql`(th.submitted_at + make_interval(days => tm.marking_days))`;
  return selectRows<{ title: string; due_at: string; waiting: string }>(
    db,
    sql`select p.title, ${due} as due_at,
               concat_ws(' and ',
                 case when th.first_assessed_at is null then coalesce(e1.name, 'a first examiner not named yet') end,
                 case when th.second_assessed_at is null then coalesce(e2.name, 'a second examiner not named yet') end
               ) as waiting
          from ${theses} th
          join ${proposals} p on p.id = th.proposal_id
          join ${terms} tm on tm.id = p.term_id
          left join ${users} e1 on e1.id = th.first_examiner_id
          left join ${users} e2 on e2.id = th.second_examiner_id
         where th.state = 'Submitted' and ${due} < ${now.toISOString()}::timestamptz
         order by ${due}, th.id`,
  );
}

/** The theses not yet decided whose examiner (in either place) the person is and whose assessment is not in (§17). */
export function selectAwaitedExaminations(db: Db, userId: string) {
  return selectRows<{ id: string; title: string; place: Place }>(
    db,
    sql`select th.id, p.title, case when th.first_examiner_id = ${userId} then 'first' else 'second' end as place
          from ${theses} th join ${proposals} p on p.id = th.proposal_id
         where th.state in ('Writing', 'Submitted')
           and ((th.first_examiner_id = ${userId} and th.first_assessed_at is null)
             or (th.second_examiner_id = ${userId} and th.second_assessed_at is null))
         order by p.title, th.id`,
  );
}
