import type { GradeScale } from "@shared/enums";
import { decideThesis, isGrade, weightedScore } from "@shared/grades";
import { MSG } from "@shared/messages";
import type { Assessments, assessmentSchema, finalGradesSchema } from "@shared/schemas/assessments";
import type { RubricComponent } from "@shared/thesis-settings";
import type { z } from "zod";
import { iso } from "../../db/query";
import { fieldError } from "../../lib/errors";
import type { RequestContext } from "../../lib/request-context";
import type { SessionUser } from "../../plugins/auth";
import {
  type AssessmentRow,
  type Place,
  selectAssessments,
  selectGrades,
  selectMarking,
  upsertAssessment,
} from "./assessment.repository";
import { tellThesis } from "./tell";
import { selectThesis, type ThesisRow } from "./theses.repository";
import { thesisService } from "./thesis-action";
import { applyThesisTransition, thesisFor } from "./thesis-transition";
import { insertGrades } from "./writing.repository";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Scores for exactly the rubric's components (§17): 400 at `scores` naming the first that is not. */
function checkScores(rubric: readonly RubricComponent[], scores: Record<string, number>) {
  const names = new Set(rubric.map((r) => r.name));
  const unknown = Object.keys(scores).find((k) => !names.has(k));
  if (unknown !== undefined) throw fieldError("scores", MSG.scoreUnknownComponent(unknown));
  const missing = rubric.find((r) => scores[r.name] === undefined);
  if (missing) throw fieldError("scores", MSG.scoreMissing(missing.name));
}

/**
 * A grade on the scale for exactly the members `due` (§17): 400 at `grades` naming the first
 * problem; `others` are members whose grade may not be given here.
 */
function checkGrades(
  scale: GradeScale,
  due: readonly { id: string; name: string }[],
  grades: Record<string, string>,
  others: readonly { id: string; name: string }[] = [],
) {
  for (const id of Object.keys(grades)) {
    const other = others.find((o) => o.id === id);
    if (other) throw fieldError("grades", MSG.gradeNotDisputed(other.name));
    if (!due.some((m) => m.id === id)) throw fieldError("grades", MSG.gradeNotAMember);
  }
  for (const m of due) {
    const grade = grades[m.id];
    if (grade === undefined) throw fieldError("grades", MSG.gradeMissing(m.name));
    if (!isGrade(scale, grade)) throw fieldError("grades", MSG.gradeNotOnScale(grade, scale));
  }
}

/**
 * Both assessments in (§17): each member's decision; the agreed grades recorded; the thesis Graded,
 * or Disputed when a member's are disputed, through the one engine as ThesisDesk's own action
 * (the "decide" row), under the lock the assessment holds; the teachers told, no student.
 */
async function decide(
  c: RequestContext,
  thesisId: string,
  both: AssessmentRow[],
  scale: GradeScale,
  tol: number,
) {
  const [first, second] = both as [AssessmentRow, AssessmentRow];
  const decision = decideThesis(scale, tol, first.grades, second.grades);
  const agreed = Object.entries(decision.members).flatMap(([studentId, d]) =>
    d.outcome === "agreed" ? [{ studentId, grade: d.grade }] : [],
  );
  await insertGrades(c.db, thesisId, agreed, "marking", c.now);
  const thesis = (await selectThesis(c.db, thesisId))!;
  await applyThesisTransition(c, thesis, ["system"], {
    action: "decide",
    facts: { disputed: decision.state === "Disputed" },
  });
  await tellThesis(c, thesis, "decide");
}

/**
 * PUT /api/theses/:id/assessment: an examiner of a Submitted thesis hands in their assessment, or
 * changes their own until the other's is in (then the thesis is decided and no longer Submitted:
 * 409). The thesis's row is locked, so two simultaneous last assessments decide once.
 */
export const assess = thesisService(
  "assess",
  (input: z.output<typeof assessmentSchema>, id) => async (c, thesis, parties) => {
    const place: Place = parties.includes("firstExaminer") ? "first" : "second";
    const m = (await selectMarking(c.db, thesis.proposal_id))!;
    checkScores(m.rubric, input.scores);
    checkGrades(m.grade_scale, thesis.members, input.grades);
    await upsertAssessment(c.db, {
      thesisId: id,
      place,
      examinerId: c.by.id,
      scores: input.scores,
      grades: input.grades,
      studentComment: input.studentComment,
      internalComment: input.internalComment,
      at: c.now,
    });
    const firstTime = place === "first" ? !thesis.first_assessed_at : !thesis.second_assessed_at;
    await applyThesisTransition(c, thesis, parties, {
      action: "assess",
      set: () =>
        !firstTime ? {} : place === "first" ? { firstAssessedAt: c.now } : { secondAssessedAt: c.now },
    });
    const both = await selectAssessments(c.db, id);
    if (both.length === 2) await decide(c, id, both, m.grade_scale, m.grade_tolerance);
  },
);

/**
 * POST /api/theses/:id/final-grades: the committee sets each disputed member's grade on a
 * Disputed thesis, with a reason: Graded. The agreed members' grades stand (400 if given).
 */
export const setFinalGrades = thesisService(
  "setFinalGrades",
  (input: z.output<typeof finalGradesSchema>, id) => async (c, thesis, parties) => {
    const m = (await selectMarking(c.db, thesis.proposal_id))!;
    const agreed = new Set((await selectGrades(c.db, id)).map((g) => g.student_id));
    const disputed = thesis.members.filter((x) => !agreed.has(x.id));
    checkGrades(
      m.grade_scale,
      disputed,
      input.grades,
      thesis.members.filter((x) => agreed.has(x.id)),
    );
    await insertGrades(
      c.db,
      id,
      disputed.map((x) => ({ studentId: x.id, grade: input.grades[x.id]! })),
      "committee",
      c.now,
    );
    await applyThesisTransition(c, thesis, parties, { action: "setFinalGrades", text: input.reason });
    await tellThesis(c, thesis, "setFinalGrades");
  },
);

const placeOf = (t: ThesisRow, p: Place) => ({
  id: p === "first" ? t.first_examiner_id : t.second_examiner_id,
  name: p === "first" ? t.first_examiner_name : t.second_examiner_name,
  at: p === "first" ? t.first_assessed_at : t.second_assessed_at,
});

/**
 * GET /api/theses/:id/assessments, blind (§17): until both are in, only its author reads an
 * assessment's content (the committee and the other examiner see that it is in); then the examiners
 * and the committee read both, and the grades as they stand. Students never (403 by the route).
 */
export async function readAssessments(ctx: RequestContext<SessionUser>, id: string): Promise<Assessments> {
  const { thesis, parties } = await thesisFor(ctx.db, id, ctx.by);
  const m = (await selectMarking(ctx.db, thesis.proposal_id))!;
  const rows = await selectAssessments(ctx.db, id);
  const bothIn = rows.length === 2;
  const readsBoth =
    bothIn && parties.some((p) => p === "committee" || p === "firstExaminer" || p === "secondExaminer");
  const place = (p: Place) => {
    const at = placeOf(thesis, p);
    const row = rows.find((r) => r.place === p);
    const mine = row !== undefined && row.examiner_id === ctx.by.id;
    return {
      examiner: at.id ? { id: at.id, name: at.name ?? "" } : null,
      submittedAt: at.at ? iso(at.at) : null,
      content:
        row && (readsBoth || mine)
          ? {
              scores: row.scores,
              weightedScore: weightedScore(m.rubric, row.scores),
              grades: row.grades,
              studentComment: row.student_comment,
              internalComment: row.internal_comment,
              updatedAt: iso(row.updated_at),
            }
          : null,
    };
  };
  const grades = readsBoth
    ? new Map((await selectGrades(ctx.db, id)).map((g) => [g.student_id, g.grade]))
    : null;
  const decision = bothIn
    ? decideThesis(m.grade_scale, m.grade_tolerance, rows[0]!.grades, rows[1]!.grades)
    : null;
  return {
    scale: m.grade_scale,
    tolerance: m.grade_tolerance,
    rubric: m.rubric,
    dueAt: thesis.submitted_at
      ? new Date(new Date(thesis.submitted_at).getTime() + m.marking_days * DAY_MS).toISOString()
      : null,
    first: place("first"),
    second: place("second"),
    grades: grades
      ? thesis.members.map((member) => ({
          member,
          grade: grades.get(member.id) ?? null,
          disputed: decision?.members[member.id]?.outcome === "disputed",
        }))
      : null,
  };
}
