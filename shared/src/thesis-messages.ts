import { onlyWho } from "./only-who";

/** The words of the thesis (DESIGN.md §16) and its term settings, part of MSG (shared/src/messages.ts). */
export const THESIS_MSG = {
  // the thesis (DESIGN.md §16)
  thesisStartedNoReopen:
    "This proposal's thesis has started, so the proposal cannot be reopened. The committee may cancel the thesis instead.",
  thesisStartedNoWithdraw:
    "This proposal's thesis has started: cancel the thesis, which withdraws the proposal with it.",
  thesisFirstAssessed:
    "The first examiner's assessment of this thesis is in, so the proposal can no longer go to another supervisor.",
  reassignToSecondExaminer:
    "This teacher is the thesis's second examiner, so the proposal cannot go to them as its supervisor.",
  thesisIsNow: (state: string) => `This thesis is ${state}, so that cannot be done now.`,
  thesisChangedMeanwhile: "This thesis was changed by someone else just now. Reload it and try again.",
  thesisReasonRequired: "A reason is required.",
  thesisCancelled: "Thesis cancelled. Its proposal is withdrawn.",
  fetchThesesFailed: "Failed to fetch theses.",
  thesisDueAtInvalid: "Due date must be a date and time.",
  dueNotLater: (current: string) => `The new due date must be later than the current one (${current}).`,
  draftDocumentRequired: "Choose the draft's PDF.",
  draftUploaded: (n: number) => `Draft ${n} uploaded.`,
  extensionOpen: "An extension request is already open: it must be decided first.",
  extensionRequested: "Extension requested.",
  noExtensionToDecide: "There is no extension request to decide.",
  extensionDecided: "This extension request has been decided already.",
  extensionDecidedByCommittee: "The committee has decided this extension request: its decision stands.",
  extensionApproved: "Extension approved.",
  extensionRefused: "Extension refused.",
  thesisFailed: "Thesis recorded as failed.",
  notAMember: "This student is not a member of this thesis.",
  lastMember: "The thesis's last member cannot be removed: cancel the thesis instead.",
  memberRemoved: "Member removed.",
  declarationRequired: "Tick the declaration to confirm it.",
  declared: "Declaration recorded.",
  thesisPastDue: (due: string) =>
    `This thesis was due ${due}, so it can no longer be submitted. Ask for an extension.`,
  notEveryoneDeclared: (names: string[]) =>
    `Every member must declare the thesis their own work before it is submitted: ${names.join(", ")} ${names.length === 1 ? "has" : "have"} not yet.`,
  noDraftToSubmit: "Upload a draft first: the latest draft becomes the final document.",
  thesisSubmitted: "Thesis submitted. The latest draft is now final.",
  assessmentStarted: "An examiner's assessment is in, so the thesis can no longer be returned.",
  thesisReturned: "Thesis returned for correction.",
  fetchThesisFailed: "Failed to fetch the thesis.",
  thesisOnlyWho: onlyWho({
    member: "a member of its group",
    supervisor: "its supervisor",
    firstExaminer: "its first examiner",
    secondExaminer: "its second examiner",
    committee: "the committee",
    system: "ThesisDesk itself",
  }),
  // the term's thesis settings (DESIGN.md §16)
  rubricWeightsSum: (sum: number) => `The rubric's weights must add up to 100 (they add up to ${sum}).`,
  rubricNamesUnique: "Each rubric component needs its own name.",
  gradingFrozen: (term: string) =>
    `A thesis of ${term} has been submitted, so its grade scale, tolerance and rubric can no longer change.`,
  toleranceTooLarge: (max: number, unit: string) => `Grade tolerance must be at most ${max} ${unit}.`,
} as const;
