/** The words of the examiners and the blind double marking (DESIGN.md §17), spread into MSG. */
export const ASSESSMENT_MSG = {
  examinerRequired: "Choose the first or the second examiner.",
  examinerNotFound: "No such account. Choose an active teacher account.",
  examinerNotTeacher:
    "Examiners are teacher accounts: an external examiner is a teacher account with no research cell.",
  examinerDeactivated: "This teacher's account is deactivated, so they cannot examine.",
  secondExaminerIsSupervisor: "The supervisor cannot be the second examiner.",
  examinerIsMember: "A member of the thesis cannot examine it.",
  examinerTwice: "One person cannot be both examiners of a thesis.",
  examinerAssessed: (place: "first" | "second") =>
    `The ${place} examiner's assessment is in, so that examiner can no longer be replaced.`,
  examinersSaved: "Examiners saved.",
  saveExaminersFailed: "Failed to save the examiners.",
  scoresInvalid: "Scores must be whole numbers from 0 to 100 for each rubric component.",
  scoreUnknownComponent: (name: string) => `"${name}" is not a component of this term's rubric.`,
  scoreMissing: (name: string) => `Give a score for "${name}".`,
  gradeNotOnScale: (grade: string, scale: string) => `${grade} is not a grade of the ${scale} scale.`,
  gradeMissing: (name: string) => `Give a grade for ${name}.`,
  gradeNotAMember: "A grade is given for someone who is not a member of this thesis.",
  gradeNotDisputed: (name: string) =>
    `${name}'s grade is agreed by both examiners: only disputed grades are set here.`,
  commentTooLong: (max: number) => `A comment must be at most ${max.toLocaleString("en")} characters.`,
  assessmentSaved: "Assessment saved.",
  saveAssessmentFailed: "Failed to save the assessment.",
  fetchAssessmentsFailed: "Failed to fetch the assessments.",
  finalGradesSet: "Final grades set.",
  setFinalGradesFailed: "Failed to set the final grades.",
};
