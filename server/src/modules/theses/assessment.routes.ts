import {
  assessmentSchema,
  assessmentsResponse,
  examinersSchema,
  finalGradesSchema,
} from "@shared/schemas/assessments";
import { thesisIdParams } from "@shared/schemas/theses";
import { moduleRoutes } from "../../lib/module-routes";
import { assess, readAssessments, setFinalGrades } from "./assessment.service";
import { nameExaminers } from "./examiners.service";
import { thesisRoute as route, thesisRecord } from "./theses.routes";

/** The examiners and the blind double marking (DESIGN.md §17, §23). */
export const thesisAssessmentRoutes = moduleRoutes(route, ({ api, record }) => {
  const thesis = record(thesisRecord);
  thesis("PUT", "/theses/:id/examiners", {
    access: "theses:manage",
    summary:
      "The committee names the second examiner (secondExaminerId) or replaces either (firstExaminerId) until that examiner's assessment is in (409): an active teacher account, never a member, never both; the second never the supervisor (400 naming why)",
    body: examinersSchema,
    run: nameExaminers,
  });

  thesis("PUT", "/theses/:id/assessment", {
    access: "theses:examine",
    summary:
      "An examiner of a Submitted thesis hands in (or changes, until the other's is in) their assessment: a score 0–100 per rubric component, a grade per member on the term's scale, a comment for the students and an internal one. The second decides: Graded, or Disputed when a member's grades pass and fail or differ by more than the tolerance",
    body: assessmentSchema,
    run: assess,
  });

  api("GET", "/theses/:id/assessments", {
    access: "theses:assessments",
    summary:
      "A thesis's assessments, blind: until both are in only its author reads one's content (others see whether it is in); then its examiners and the committee read both and the grades as they stand. The due date is submission + the term's markingDays. Never students (403)",
    params: thesisIdParams,
    response: assessmentsResponse,
    run: async (c, { params }) => ({ assessments: await readAssessments(c, params.id) }),
  });

  thesis("POST", "/theses/:id/final-grades", {
    access: "theses:manage",
    summary:
      "The committee sets the grade of each disputed member of a Disputed thesis, with a reason: Graded (the agreed members' grades stand)",
    body: finalGradesSchema,
    run: setFinalGrades,
  });
});
