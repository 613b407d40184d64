import { describe, expect, it } from "vitest";
import { PROPOSAL_STATUSES } from "./enums";
import { MSG } from "./messages";

/**
 * The seed's own messages (its §8, Error catalogue), word for word: ThesisDesk shows them as the
 * seed wrote them, its capitals included.
 */
const SEED: [string, string][] = [
  [MSG.addTeacherFailed("{message}"), "Failed to add teacher: {message}"],
  [MSG.assignCellFailed("{message}"), "Failed to assign cell: {message}"],
  [MSG.fetchPendingFailed, "Failed to fetch pending proposals."],
  [MSG.updateStatusFailed("{message}"), "Failed to update proposal status: {message}"],
  [MSG.fetchProposalsFailed, "Failed to fetch proposals."],
  [MSG.userNotLoggedIn, "User not logged in."],
  [MSG.sendNoticeFailed("{message}"), "Failed to send notice: {message}"],
  [MSG.submitProposalFailed("{message}"), "Failed to submit proposal: {message}"],
  [MSG.logoutFailed, "Logout failed."],
  [MSG.updateProfileFailed("{message}"), "Failed to update profile: {message}"],
  [MSG.teacherNotFound, "Teacher not found."],
  [MSG.addCellFailed, "Failed to add research cell."],
  [MSG.teacherAdded, "Teacher added successfully."],
  [MSG.cellAssigned, "Cell assigned successfully."],
  [MSG.proposalReviewed("{status}"), "Proposal {status} successfully!"],
  [MSG.noticeSent, "Notice Sent Successfully!"],
  [MSG.loggedOut, "Logged out successfully."],
  [MSG.passwordUpdated, "Password updated successfully!"],
  [MSG.pictureUpdated, "Profile picture updated successfully!"],
  [MSG.profileUpdated, "Profile updated successfully!"],
  [MSG.cellAdded, "Research Cell Added."],
];

/** Names a message carries: a person's, a term's, a title; each may have capitals of its own. */
const NAMES = ["Barbara Liskov", "Spring 2027", "Graph Networks", "ThesisDesk"];

/** ThesisDesk's own confirmations (what a success notification says), with sample names. */
const OURS = [
  MSG.committeeMemberAdded,
  MSG.cellUpdated,
  MSG.teacherRemovedFromCell,
  MSG.personUpdated,
  MSG.passwordSet,
  MSG.resetLinkSent("Barbara Liskov"),
  MSG.setPasswordLinkSent("Barbara Liskov"),
  MSG.personDeactivated("Barbara Liskov"),
  MSG.personReactivated("Barbara Liskov"),
  MSG.imported(3),
  MSG.importSkipped(1),
  MSG.proposalSubmitted,
  MSG.changesRequested,
  MSG.invitationAccepted("Graph Networks"),
  MSG.invitationDeclined("Graph Networks"),
  MSG.leftGroup("Graph Networks"),
  MSG.proposalWithdrawn,
  MSG.versionSubmitted,
  MSG.proposalReopened,
  MSG.proposalReassigned("Barbara Liskov"),
  ...PROPOSAL_STATUSES.map((s) => MSG.committeeDecided(s)),
  MSG.preferencesSaved,
  MSG.rankingSaved,
  MSG.topicPublished("Graph Networks"),
  MSG.topicSaved("Graph Networks"),
  MSG.topicWithdrawnDone("Graph Networks"),
  MSG.allocationRan(3, 4),
  MSG.allocationPublishedDone(3, 1),
  MSG.groupPlaced("Graph Networks"),
  MSG.termCreated,
  MSG.termUpdated,
  MSG.termDeleted,
  MSG.termMadeCurrent("Spring 2027"),
  MSG.capacitySaved("Barbara Liskov"),
  MSG.capacityCleared("Barbara Liskov"),
];

describe("confirmation messages", () => {
  it("keep the seed's words, capitals and all", () => {
    for (const [ours, seed] of SEED) expect(ours).toBe(seed);
  });

  it("are ours in one style: a sentence's capitals, where a status keeps the capitals of its name", () => {
    // What may start with a capital inside a sentence: a status (its name, as the badges show it) and a name.
    const kept = [...PROPOSAL_STATUSES, ...NAMES].sort((a, b) => b.length - a.length);
    for (const message of OURS) {
      expect(message[0], message).toMatch(/[A-Z0-9"]/);
      let rest = message;
      for (const k of kept) rest = rest.split(k).join("·");
      // A sentence starts with a capital, the first and each after another's end ("…successfully! The group…").
      const inner = rest.replace(/^"?[A-Z]/, "").replace(/[.!?:] [A-Z]/g, "");
      expect(inner, message).not.toMatch(/\b[A-Z][a-z]/);
    }
  });

  it("name a status as the seed does and the badges show it, capitals kept", () => {
    for (const status of PROPOSAL_STATUSES) {
      expect(MSG.proposalReviewed(status)).toBe(`Proposal ${status} successfully!`);
      expect(MSG.committeeDecided(status)).toBe(`Proposal ${status} by the committee.`);
    }
  });
});
