import { isGrade } from "@shared/grades";
import { MSG } from "@shared/messages";
import type { gradeCorrectionSchema } from "@shared/schemas/release";
import type { Thesis } from "@shared/schemas/theses";
import type { z } from "zod";
import { fieldError } from "../../lib/errors";
import type { RequestContext } from "../../lib/request-context";
import type { SessionUser } from "../../plugins/auth";
import { selectGrades } from "./assessment.repository";
import { tellThesis } from "./tell";
import { thesisAction, thesisService } from "./thesis-action";
import { applyThesisTransition } from "./thesis-transition";
import { insertGrades, selectTermScale } from "./writing.repository";

/**
 * POST /api/theses/:id/grade-correction: the committee changes one member's official grade on a
 * Graded or Released thesis (§17), on the term's scale, with a reason: on the timeline; once
 * released the student is told (before, no student hears of a grade: its teachers only).
 */
export const correctGrade = thesisService(
  "correctGrade",
  (input: z.output<typeof gradeCorrectionSchema>, id) => async (c, thesis, parties) => {
    const member = thesis.members.find((m) => m.id === input.studentId);
    if (!member) throw fieldError("studentId", MSG.notAMember);
    const { grade_scale } = (await selectTermScale(c.db, thesis.proposal_id))!;
    if (!isGrade(grade_scale, input.grade))
      throw fieldError("grade", MSG.gradeNotOnScale(input.grade, grade_scale));
    const now = (await selectGrades(c.db, id)).find((g) => g.student_id === member.id);
    if (now?.grade === input.grade) throw fieldError("grade", MSG.correctionSameGrade(input.grade));
    await insertGrades(c.db, id, [{ studentId: member.id, grade: input.grade }], "correction", c.now);
    await applyThesisTransition(c, thesis, parties, {
      action: "correctGrade",
      text: input.reason,
      subject: { id: member.id, name: member.name },
    });
    await tellThesis(c, thesis, "correctGrade", {
      detail: member.name,
      note: input.reason,
      extra: thesis.state === "Released" ? [member.id] : [],
    });
  },
);

/**
 * POST /api/theses/:id/annul: the committee annuls a Graded or Released thesis with a reason (e.g.
 * plagiarism, §16): Annulled through the one engine (which cancels its defense); everyone told.
 */
export function annulThesis(ctx: RequestContext<SessionUser>, id: string, reason: string): Promise<Thesis> {
  return thesisAction(ctx, id, null, async (c, thesis, parties) => {
    await applyThesisTransition(c, thesis, parties, { action: "annul", text: reason });
    await tellThesis(c, thesis, "annul", { note: reason });
  });
}
