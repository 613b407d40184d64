import { IMPORT_MSG } from "./import-messages";
import { onlyWho } from "./only-who";
import { SCENARIO_MSG } from "./scenario-messages";
import { SIGN_IN_MSG } from "./sign-in-messages";
import { THESIS_PHASE_MSG } from "./thesis-phase-messages";

/**
 * User-facing strings of the specification (§5, §8), word for word, plus the
 * ThesisDesk additions. Screens and the server both take their words from here.
 */
export const MSG = {
  // the words of a first visit and of signing in: their own file (decision 0064)
  ...SIGN_IN_MSG,

  // accounts
  tooManyLogins: "Too many failed sign-in attempts. Please wait a minute and try again.",
  // Past the account's budget for devices it has not signed in on (decision 0040).
  tooManyLoginsForAccount: (minutes: number) =>
    `Too many failed sign-in attempts for this account from devices it has not been used on. Sign in on a device you have signed in on before, try again in ${minutes === 1 ? "a minute" : `${minutes} minutes`}, or choose “Forgot password?” to set a new password by email.`,
  tooManyRegistrations:
    "Too many accounts were registered from your network just now. Please wait a minute and try again.",
  userNotLoggedIn: "User not logged in.",
  noUserLoggedIn: "No user logged in.",
  emailTaken: "An account with this email already exists.",
  studentIdTaken: "An account with this student ID already exists.",
  passwordTooShort: "Password must be at least 8 characters.",
  passwordTooLong: "Password must be at most 128 characters.",
  emailInvalid: "Enter a valid email address.",
  signInRequired: "Please log in to continue.",
  forbidden: "You do not have permission to do that.",
  notFound: "Not found.",
  crossSite: "Cross-site requests are not allowed.",
  bodyTooLarge: "The request is too large.",
  unsupportedMediaType: "Unsupported content type.",
  serverError: "Something went wrong on our side. Please try again.",
  databaseDown: "The database is not reachable right now. Please try again in a moment.",
  tooSlow: "The server took too long to answer. Please try again in a moment.",
  // The client's own words.
  uploadFailed: "The upload failed. Please try again.",
  messageNotSent: "Your message was not sent. Please try again.",
  setupTokenInvalid: "The setup token is not valid.",
  setupDone: "Setup is complete: a committee account already exists.",

  // accounts for a whole department (DESIGN.md §12)
  forgotPasswordSent:
    "If an account uses this email, we sent it a link to reset the password. The link works once, for one hour.",
  tooManyResetRequests:
    "Too many password reset requests from your network. Please wait a few minutes and try again.",
  tooManyResetChecks:
    "Too many password links were checked from your network. Please wait a few minutes and try again.",
  resetTokenInvalid:
    "This password link is not valid: it has expired, was used already, or is incomplete. Ask for a new one.",
  passwordSet: "Your password is set, and you are logged in.",
  personNotFound: "Person not found.",
  personUpdated: "Details saved.",
  updatePersonFailed: (message: string) => `Failed to save: ${message}`,
  resetLinkSent: (name: string) => `A link to reset the password was sent to ${name}.`,
  setPasswordLinkSent: (name: string) => `A link to set a password was sent to ${name}.`,
  sendLinkFailed: (message: string) => `Failed to send the link: ${message}`,
  personDeactivated: (name: string) => `${name} was deactivated and signed out everywhere.`,
  personReactivated: (name: string) => `${name} can sign in again.`,
  deactivateFailed: (message: string) => `Failed to deactivate: ${message}`,
  reactivateFailed: (message: string) => `Failed to reactivate: ${message}`,
  alreadyDeactivated: "This account is already deactivated.",
  notDeactivated: "This account is active.",
  anonymisedAccount:
    "This account was anonymised when its records' retention period ran out; it cannot be reactivated. Add the person again instead.",
  cannotDeactivateSelf: "You cannot deactivate your own account.",
  lastCommitteeMember: "At least one committee member must stay active.",
  deactivatedCannotGetLink: "This account is deactivated. Reactivate it before sending a link.",

  // import (DESIGN.md §12): its own file
  ...IMPORT_MSG,

  // my data (DESIGN.md §12)
  downloadMyData: "Download my data",

  // uploads (DESIGN.md §21)
  tooManyUploads: "Too many uploads in a short time. Please wait a few minutes and try again.",
  uploadsBusy: "The server is busy checking other uploads. Please try again in a moment.",

  // committee
  teacherAdded: "Teacher added successfully.",
  addTeacherFailed: (message: string) => `Failed to add teacher: ${message}`,
  committeeMemberAdded: "Committee member added successfully.",
  addCommitteeMemberFailed: (message: string) => `Failed to add committee member: ${message}`,
  selectCell: "Please select a cell.",
  alreadyAssigned: "Teacher is already assigned to this cell.",
  teacherNotFound: "Teacher not found.",
  /** A deactivated supervisor takes no new proposal in any way (DESIGN.md §21): one message for every path. */
  supervisorDeactivated: (name: string) => `${name} is deactivated and takes no new proposals.`,
  cellNotFound: "Research cell not found.",
  cellAssigned: "Cell assigned successfully.",
  assignCellFailed: (message: string) => `Failed to assign cell: ${message}`,
  cellAdded: "Research Cell Added.",
  addCellFailed: "Failed to add research cell.",
  cellTitleTaken: "A research cell with this title already exists.",
  cellUpdated: "Research cell updated.",
  updateCellFailed: "Failed to update research cell.",
  selectTeacher: "Please select a teacher.",
  notAssigned: "This teacher is not assigned to this cell.",
  teacherHasPendingInCell:
    "This teacher has Pending proposals in this cell. They can be removed once those proposals are reviewed.",
  teacherRemovedFromCell: "Teacher removed from the cell.",
  removeFromCellFailed: (message: string) => `Failed to remove teacher from the cell: ${message}`,

  // proposals
  selectCellAndSupervisor: "Please select a Research Cell and a Supervisor.",
  submitProposalFailed: (message: string) => `Failed to submit proposal: ${message}`,
  proposalSubmitted: "Proposal submitted.",
  alreadyInActiveProposal: (name: string) => `${name} is already in an active proposal.`,
  fetchProposalsFailed: "Failed to fetch proposals.",
  fetchPendingFailed: "Failed to fetch pending proposals.",
  proposalReviewed: (status: string) => `Proposal ${status} successfully!`,
  updateStatusFailed: (message: string) => `Failed to update proposal status: ${message}`,
  alreadyReviewed: "This proposal has already been reviewed.",
  changesRequested: "Changes requested successfully! The group can now submit a new version.",
  /** An approval in a term whose committee decides next (DESIGN.md §9): not Approved yet. */
  approvedToCommittee:
    "Proposal sent to the committee: you approved it, and it is Awaiting committee until the committee decides.",

  // the proposal's life (DESIGN.md §9)
  proposalIsNow: (status: string) => `This proposal is ${status}, so that cannot be done now.`,
  proposalChangedMeanwhile: "This proposal was changed by someone else just now. Reload it and try again.",
  feedbackRequired: (action: string) =>
    action === "requestChanges"
      ? "Feedback is required when requesting changes."
      : "Feedback is required when denying a proposal.",
  reasonRequired: "A reason is required to reopen a proposal.",
  withdrawReasonRequired: "A reason is required when the committee withdraws a proposal.",
  revisionsClosed: (term: string) => `Revisions for ${term} are closed.`,
  memberInAnotherGroup: (name: string) => `${name} is now in another group.`,
  aMember: "A member",
  onlyWho: onlyWho({
    creator: "the student who submitted it",
    member: "a member of its group",
    invitee: "an invited student",
    supervisor: "its supervisor",
    committee: "the committee",
    scheduler: "ThesisDesk itself",
  }),
  invitationClosed: "This invitation is no longer open.",
  invitationAccepted: (title: string) => `You joined "${title}".`,
  invitationDeclined: (title: string) => `You declined the invitation to "${title}".`,
  creatorCannotLeave: "You created this proposal: withdraw it instead of leaving.",
  leftGroup: (title: string) => `You left "${title}".`,
  proposalWithdrawn: "Proposal withdrawn.",
  versionSubmitted: "New version submitted.",
  proposalReopened: "Proposal reopened.",
  proposalReassigned: (name: string) => `Proposal reassigned to ${name}.`,
  sameSupervisor: "The proposal is already with this supervisor.",
  rankTopicsInstead: (term: string) => `Groups in ${term} rank topics instead of choosing a supervisor.`,
  // A status keeps its name's capitals, as in the seed's "Proposal Approved successfully!" (decision 0057).
  committeeDecided: (status: string) => `Proposal ${status} by the committee.`,
  groupMembersExplained: (mode: "direct" | "allocation") =>
    `Each student you name gets an invitation; ${MSG.afterAnswers(mode)} once everyone has answered.`,
  /** What happens to a group once everyone invited has answered, in the words of the term's mode. */
  afterAnswers: (mode: "direct" | "allocation") =>
    mode === "allocation"
      ? "the group waits for the committee's allocation of topics"
      : "the proposal goes to its supervisor",
  /** An allocation group's type, cell or supervisor before it is placed: they come with its topic. */
  typeFollowsTopic: "Follows its topic",
  fetchInvitationsFailed: "Your invitations could not be loaded.",
  otherInvitationsDeclined: (titles: string[]) =>
    `Your ${titles.length === 1 ? "invitation" : "invitations"} to ${titles.map((t) => `"${t}"`).join(" and ")} ${titles.length === 1 ? "was" : "were"} declined: you can be in one group a term.`,
  fetchActivityFailed: "The activity log could not be loaded.",
  // invitations a student sends a day (DESIGN.md §21)
  tooManyInvitations: (perDay: number, from: string) =>
    `You can send at most ${perDay} invitations a day. You can invite again from ${from}.`,

  ...THESIS_PHASE_MSG,
  ...SCENARIO_MSG,

  // allocation (DESIGN.md §11)
  notAllocationTerm: (term: string) => `${term} does not allocate topics: groups choose a supervisor.`,
  allocationFrozen: (term: string) =>
    `The allocation of ${term} is published: its topics and preferences can no longer change.`,
  allocationOutOfDate: "The allocation is out of date; run it again.",
  noCertificate:
    "No certificate for this term: its allocation is not published, or was published before ThesisDesk kept certificates.",
  allocationPublished: (term: string) => `The allocation of ${term} is already published.`,
  allocationNotRun: "Run the allocation first.",
  allocationNotPublished: "Publish the allocation first; then place the groups it left unmatched.",
  topicNotFound: "Topic not found.",
  topicWithdrawn: "This topic was withdrawn.",
  notYourCell: "Choose one of your research cells.",
  tooManyPreferences: (max: number) => `Rank at most ${max} topic${max === 1 ? "" : "s"}.`,
  unknownTopic: "A topic you ranked is not one of this term's topics.",
  withdrawnTopic: (title: string) => `"${title}" was withdrawn; rank another topic.`,
  notAnApplicant: "A group in your ranking has not listed any of your topics.",
  topicFull: (title: string) => `"${title}" has no places left.`,
  notInDraft: "This group is not in the draft.",
  preferencesSaved: "Preferences saved.",
  rankingSaved: "Ranking saved.",
  untitledGroup: (creator: string) => `Untitled group (of ${creator || "Unknown"})`,
  topicPublished: (title: string) => `Topic "${title}" published.`,
  topicSaved: (title: string) => `Topic "${title}" saved.`,
  topicWithdrawnDone: (title: string) => `Topic "${title}" withdrawn. The groups that ranked it are told.`,
  allocationRan: (matched: number, groups: number) =>
    `The allocation ran: ${matched} of ${groups} group${groups === 1 ? "" : "s"} matched. Nothing is published yet.`,
  groupMoved: (group: string, topic: string | null) =>
    topic ? `${group} moved to "${topic}" in the draft.` : `${group} left without a topic in the draft.`,
  allocationPublishedDone: (placed: number, unmatched: number) =>
    `The allocation is published: ${placed} group${placed === 1 ? "" : "s"} placed, ${unmatched} left to place by hand.`,
  groupPlaced: (topic: string) => `The group is placed on "${topic}" and is now Pending.`,
  blockingPair: (group: string, topic: string) => `${group} and ${topic} would both rather be together.`,
  // A group's allocation receipt (DESIGN.md §20): in counts, never names of other students or a supervisor's order.
  receiptTopicFull: (topic: string, places: number) =>
    places === 0
      ? `“${topic}” had no place left in this allocation.`
      : places === 1
        ? `The 1 place of “${topic}” went to a group ranked above yours or ahead of yours by lot.`
        : `All ${places} places of “${topic}” went to groups ranked above yours or ahead of yours by lot.`,
  receiptSupervisorFull: (supervisor: string, places: number) =>
    places === 0
      ? `${supervisor} had no place left in this term.`
      : places === 1
        ? `${supervisor}'s 1 place went to a group ranked above yours or ahead of yours by lot.`
        : `${supervisor}'s ${places} places went to groups ranked above yours or ahead of yours by lot.`,
  receiptBlocking: (topic: string, move: string) =>
    `Your group and “${topic}” would both rather have each other: ${move} made this.`,
  receiptOwnMove: (topic: string | null) =>
    topic
      ? `the committee's move of your group to “${topic}” by hand`
      : "the committee's move of your group off its topic by hand",
  receiptOtherMove: (n: number, of: number) => `a move by hand of another group (move ${n} of ${of})`,
  receiptSinceRun: "a change since the allocation ran",
  receiptNoBlocking:
    "No group and topic would both rather have each other than what this allocation gave them, your group included.",
  notInAllocation: "This group is not in that term's allocation.",
  rankAtLeastOne: "Rank at least one topic.",
  notAllocatedYet: "Not allocated yet",
  noAllocationTerm:
    "The current term does not allocate topics: groups choose a supervisor on Submit Proposal.",
  // Ranking by drag and drop (screen readers hear these; the words are dnd-kit's events').
  dragInstructions: (noun: string) =>
    `To move a ${noun}, press space or enter on its handle, use the up and down arrow keys, then press space or enter to drop it, or escape to cancel. The Move up and Move down buttons do the same.`,
  dragPickedUp: (label: string, rank: number, of: number) => `Picked up ${label}, at rank ${rank} of ${of}.`,
  dragOver: (label: string, rank: number, of: number) => `${label} is over rank ${rank} of ${of}.`,
  dragDropped: (label: string, rank: number, of: number) => `${label} dropped at rank ${rank} of ${of}.`,
  dragCancelled: (label: string, rank: number, of: number) =>
    `Moving ${label} was cancelled; it stays at rank ${rank} of ${of}.`,
  rankMoved: (label: string, rank: number, of: number) => `${label} is now at rank ${rank} of ${of}.`,
  rankRemoved: (label: string) => `${label} removed from the list.`,

  // terms (DESIGN.md §8)
  submissionsClosed: (term: string) => `Submissions for ${term} are closed.`,
  submissionsOpenOn: (term: string, date: string) => `Submissions for ${term} open on ${date}.`,
  noPlacesLeft: (name: string, term: string) => `${name} has no places left in ${term}.`,
  termNameTaken: "A term with this name already exists.",
  termHasProposals: "This term has proposals, so it cannot be deleted.",
  termIsCurrent: "This is the current term, so it cannot be deleted. Make another term current first.",
  termModeFrozen: "The mode cannot change once the term has proposals.",
  termNotFound: "Term not found.",
  closeBeforeOpen: "Submissions must close after they open.",
  revisionsBeforeOpen: "Revisions must close after submissions open.",
  termCreated: "Term created.",
  termUpdated: "Term updated.",
  termDeleted: "Term deleted.",
  termMadeCurrent: (name: string) => `${name} is now the current term.`,
  capacitySaved: (name: string) => `${name}'s places saved.`,
  capacityCleared: (name: string) => `${name} now has the term's default places.`,

  // notices
  fillAllFields: "Please fill all fields.",
  proposalNotFound: "Selected proposal not found.",
  noticeSent: "Notice Sent Successfully!",
  sendNoticeFailed: (message: string) => `Failed to send notice: ${message}`,

  // profile
  currentPasswordRequired: "Please enter your current password to update the new password.",
  passwordUpdated: "Password updated successfully!",
  pictureUpdated: "Profile picture updated successfully!",
  profileUpdated: "Profile updated successfully!",
  updateProfileFailed: (message: string) => `Failed to update profile: ${message}`,
  wrongCurrentPassword: "Current password is incorrect.",

  // names and titles others see (DESIGN.md §13, decision 0043)
  textNotVisible: (label: string) =>
    `${label} must contain a visible character: a letter, digit or sign, not only spaces or invisible characters.`,
  textDirectionControls: (label: string) =>
    `${label} must not contain characters that change the direction of the text (U+202A–U+202E, U+2066–U+2069): delete them and type it as it reads.`,

  // lookups
  unknown: "Unknown",
  unknownCell: "Unknown Cell",
  notAvailable: "N/A",
} as const;

export { ssoErrorMessage } from "./sign-in-messages";
