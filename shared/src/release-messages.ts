/** The words of the release and the official record (DESIGN.md §16, §17, §19), spread into MSG. */
export const RELEASE_MSG = {
  visibilityInvalid: "Visibility must be Public, Internal or Private.",
  embargoInvalid: "The embargo date must be a valid date.",
  consentInvalid: "Say whether you agree to publish the thesis as Public: true or false.",
  visibilityProposed: "Visibility proposal saved.",
  proposeVisibilityFailed: "Failed to save the visibility proposal.",
  consentSaved: "Your answer is saved.",
  consentFailed: "Failed to save your answer.",
  /** Said beside a proposal of Public that not every member agreed to (§19). */
  publicNeedsConsent: "Public needs every member's consent: until then it is released as Internal at most.",
  publicRefused: (names: string) =>
    `Public needs every member's consent, and ${names} ${names.includes(",") ? "have" : "has"} not agreed.`,
  visibilityChanged: "Visibility changed.",
  changeVisibilityFailed: "Failed to change the visibility.",
  thesisReleased: "Grades released.",
  releaseFailed: "Failed to release the grades.",
  termReleased: (n: number) =>
    n === 0 ? "No graded thesis to release." : `${n === 1 ? "1 thesis" : `${n} theses`} released.`,
  /** §18: a term with defenseRequired releases only once the thesis's defense has ended. */
  releaseNoDefense: "This term requires a defense: schedule one and hold it before the grades are released.",
  releaseDefenseNotEnded: (ends: string) =>
    `This term requires a defense: the grades can be released once the defense ends (${ends}).`,
  gradeCorrected: "Grade corrected.",
  correctGradeFailed: "Failed to correct the grade.",
  correctionStudentRequired: "Choose the member whose grade is corrected.",
  correctionSameGrade: (grade: string) => `The grade is already ${grade}.`,
  thesisAnnulled: "Thesis annulled.",
  annulFailed: "Failed to annul the thesis.",
  fetchResultFailed: "Failed to fetch the result.",
};
