/**
 * What the activity log records (DESIGN.md §9): each row has a kind (what it concerns) and an
 * action. A proposal's timeline is its rows; the committee's Activity screen and its CSV list all
 * rows. The words for each action live here, once, for the screens and the CSV export.
 */
export const ACTIVITY_KINDS = [
  "proposal",
  "invitation",
  "account",
  "cell",
  "room",
  "defense",
  "term",
  "place",
  "allocation",
  "thesis",
  "retention",
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export const ACTIVITY_KIND_LABEL: Record<ActivityKind, string> = {
  proposal: "Proposals",
  invitation: "Invitations",
  account: "Accounts",
  cell: "Research cells",
  room: "Rooms",
  defense: "Defenses",
  term: "Terms",
  place: "Places",
  allocation: "Allocation",
  thesis: "Theses",
  retention: "Data retention",
};

/**
 * What happened, as words after the actor's name, with whom or what it concerns (`s`, when the row
 * names someone or something other than the actor) where a sentence puts it: "Katherine Johnson
 * assigned Barbara Liskov to a research cell", "… made Spring 2027 the current term".
 */
type Phrase = (s: string | null) => string;
const plain =
  (words: string): Phrase =>
  () =>
    words;
/** `words` with the subject after them, as "invited Ana López"; `words` alone without one. */
const then =
  (words: string): Phrase =>
  (s) =>
    s ? `${words} ${s}` : words;

const PHRASES: Record<string, Phrase> = {
  "proposal.submit": plain("submitted the proposal"),
  "proposal.complete": plain("completed the group: every invitation is answered"),
  "proposal.withdraw": plain("withdrew the proposal"),
  "proposal.approve": plain("approved the proposal"),
  "proposal.deny": plain("denied the proposal"),
  "proposal.requestChanges": plain("requested changes"),
  "proposal.resubmit": plain("submitted a new version"),
  "proposal.expire": plain("withdrew the proposal: the revision deadline passed"),
  "proposal.reopen": plain("reopened the proposal"),
  "proposal.reassign": (s) => (s ? `reassigned the proposal to ${s}` : "reassigned the proposal"),
  "proposal.place": (s) => (s ? `placed the group on ${s}` : "placed the group"),
  "proposal.remind": plain("reminded the group that revisions close soon"),
  "proposal.publish": (s) =>
    s ? `placed the group on ${s} through the allocation` : "placed the group through the allocation",
  "thesis.start": plain("started the thesis: the proposal is approved"),
  "thesis.cancel": plain("cancelled the thesis"),
  "thesis.uploadDraft": (s) => (s ? `uploaded ${s} of the thesis` : "uploaded a draft of the thesis"),
  "thesis.requestExtension": (s) => (s ? `asked for the thesis to be due ${s}` : "asked for an extension"),
  "thesis.decideExtension": (s) =>
    s ? `decided the extension request: ${s}` : "decided the extension request",
  "thesis.fail": plain("recorded the thesis as failed: not submitted"),
  "thesis.removeMember": (s) => (s ? `removed ${s} from the thesis` : "removed a member from the thesis"),
  "thesis.declare": plain("declared the thesis their own work"),
  "thesis.submit": plain("submitted the thesis"),
  "thesis.return": (s) =>
    s ? `returned the thesis for correction, due ${s}` : "returned the thesis for correction",
  "thesis.nameExaminer": (s) => (s ? `named ${s}` : "named an examiner of the thesis"),
  "thesis.assess": plain("handed in an assessment of the thesis"),
  "thesis.decide": plain("completed the marking: both assessments are in"),
  "thesis.setFinalGrades": plain("set the disputed members' final grades"),
  "thesis.proposeVisibility": (s) =>
    s ? `proposed to release the thesis as ${s}` : "proposed how the thesis is released",
  "thesis.consentPublication": (s) =>
    s ? `answered on a Public release: ${s}` : "answered whether the thesis may be Public",
  "thesis.release": (s) =>
    s ? `released the thesis and its grades, ${s}` : "released the thesis and its grades",
  "thesis.changeVisibility": (s) => (s ? `made the thesis ${s}` : "changed who may read the thesis"),
  "thesis.correctGrade": (s) => (s ? `corrected the grade of ${s}` : "corrected a released grade"),
  "thesis.annul": plain("annulled the thesis"),
  "invitation.invite": then("invited"),
  "invitation.accept": plain("accepted the invitation"),
  "invitation.decline": plain("declined the invitation"),
  "invitation.closeInvitations": (s) =>
    s ? `declined the invitation of ${s}: submissions closed` : "declined the invitation: submissions closed",
  "invitation.joinedElsewhere": (s) =>
    s
      ? `declined the invitation of ${s}: they joined another group`
      : "declined the invitation: joined another group",
  "invitation.leave": plain("left the group"),
  "invitation.cancel": (s) =>
    s
      ? `cancelled the invitation of ${s}: the proposal was withdrawn`
      : "cancelled the invitation: the proposal was withdrawn",
  "account.register": plain("created their account"),
  "account.setup": plain("set up ThesisDesk with the first committee account"),
  "account.create": (s) => (s ? `created an account for ${s}` : "created an account"),
  "account.update": (s) => (s ? `changed the account of ${s}` : "changed an account"),
  "account.link": then("sent a password link to"),
  "account.deactivate": (s) => (s ? `deactivated the account of ${s}` : "deactivated an account"),
  "account.reactivate": (s) => (s ? `reactivated the account of ${s}` : "reactivated an account"),
  "account.import": plain("imported accounts"),
  "cell.create": then("added the research cell"),
  "cell.update": then("changed the research cell"),
  "cell.assign": (s) => `assigned ${s ?? "a teacher"} to a research cell`,
  "cell.unassign": (s) => `removed ${s ?? "a teacher"} from a research cell`,
  "room.create": then("added the room"),
  "room.update": then("changed the room"),
  "room.delete": then("removed the room"),
  "defense.schedule": (s) => (s ? `scheduled the defense of ${s}` : "scheduled a defense"),
  "defense.move": (s) => (s ? `moved the defense of ${s}` : "moved a defense"),
  "defense.cancel": (s) => (s ? `cancelled the defense of ${s}` : "cancelled a defense"),
  "term.create": then("added the term"),
  "term.update": then("changed the term"),
  "term.delete": then("deleted the term"),
  "term.current": (s) => (s ? `made ${s} the current term` : "chose the current term"),
  "allocation.topicCreate": then("published the topic"),
  "allocation.topicUpdate": then("changed the topic"),
  "allocation.topicWithdraw": then("withdrew the topic"),
  "allocation.preferences": plain("changed the group's preferences"),
  "allocation.ranking": plain("ranked their applicants"),
  "allocation.run": (s) => (s ? `ran the allocation of ${s}` : "ran the allocation"),
  "allocation.move": (s) =>
    s ? `moved a group to ${s} in the allocation draft` : "moved a group in the allocation draft",
  "allocation.scenarioAdopt": (s) =>
    s
      ? `made a what-if scenario the allocation draft of ${s}`
      : "made a what-if scenario the allocation draft",
  "allocation.publish": (s) => (s ? `published the allocation of ${s}` : "published the allocation"),
  "place.set": (s) => (s ? `set the places of ${s}` : "set a supervisor's places"),
  "place.clear": (s) => (s ? `gave ${s} the term's default places` : "gave back the term's default places"),
  "retention.run": plain("removed the data whose retention period had run out"),
};

function activityPhrase(kind: string, action: string, subject: string | null): string {
  const phrase = PHRASES[`${kind}.${action}`];
  return phrase ? phrase(subject) : [kind, action, subject].filter(Boolean).join(" ");
}

/**
 * What a row says after its actor's name, for the timeline, the activity log and its CSV alike:
 * the phrase, with whom or what it concerns unless that is the actor themself ("Ana López created
 * their account", not "… Ana López").
 */
export function activityWhat(row: {
  kind: string;
  action: string;
  actorId: string | null;
  subjectId: string | null;
  subjectName: string | null;
}): string {
  const other = row.subjectName && !(row.subjectId && row.subjectId === row.actorId) ? row.subjectName : null;
  return activityPhrase(row.kind, row.action, other);
}

/** Who did it, when nobody did: the scheduler at a term's deadline. */
export const SCHEDULER_NAME = "ThesisDesk (automatic)";
