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
  "term",
  "place",
  "allocation",
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export const ACTIVITY_KIND_LABEL: Record<ActivityKind, string> = {
  proposal: "Proposals",
  invitation: "Invitations",
  account: "Accounts",
  cell: "Research cells",
  term: "Terms",
  place: "Places",
  allocation: "Allocation",
};

/** What happened, as a phrase after the actor's name ("Ada Lovelace submitted the proposal"). */
const PHRASES: Record<string, string> = {
  "proposal.submit": "submitted the proposal",
  "proposal.complete": "completed the group: every invitation is answered",
  "proposal.withdraw": "withdrew the proposal",
  "proposal.approve": "approved the proposal",
  "proposal.deny": "denied the proposal",
  "proposal.requestChanges": "requested changes",
  "proposal.resubmit": "submitted a new version",
  "proposal.expire": "withdrew the proposal: the revision deadline passed",
  "proposal.reopen": "reopened the proposal",
  "proposal.reassign": "reassigned the proposal",
  "proposal.place": "placed the group",
  "proposal.remind": "reminded the group that revisions close soon",
  "invitation.invite": "invited",
  "invitation.accept": "accepted the invitation",
  "invitation.decline": "declined the invitation",
  "invitation.closeInvitations": "declined the invitation: submissions closed",
  "invitation.joinedElsewhere": "declined the invitation: joined another group",
  "invitation.leave": "left the group",
  "invitation.cancel": "cancelled the invitation: the proposal was withdrawn",
  "account.register": "created their account",
  "account.setup": "set up ThesisDesk with the first committee account",
  "account.create": "added the account of",
  "account.update": "changed the account of",
  "account.link": "sent a password link to",
  "account.deactivate": "deactivated the account of",
  "account.reactivate": "reactivated the account of",
  "account.import": "imported accounts",
  "cell.create": "added the research cell",
  "cell.update": "changed the research cell",
  "cell.assign": "assigned to a research cell",
  "cell.unassign": "removed from a research cell",
  "term.create": "added the term",
  "term.update": "changed the term",
  "term.delete": "deleted the term",
  "term.current": "made current the term",
  "allocation.topicCreate": "published the topic",
  "allocation.topicUpdate": "changed the topic",
  "allocation.topicWithdraw": "withdrew the topic",
  "allocation.preferences": "changed the group's preferences",
  "allocation.ranking": "ranked their applicants",
  "allocation.run": "ran the allocation",
  "allocation.move": "moved a group in the allocation draft",
  "allocation.publish": "published the allocation",
  "proposal.publish": "placed the group through the allocation",
  "place.set": "set the places of",
  "place.clear": "gave the term's default places to",
};

export function activityPhrase(kind: string, action: string): string {
  return PHRASES[`${kind}.${action}`] ?? `${kind} ${action}`;
}

/** Who did it, when nobody did: the scheduler at a term's deadline. */
export const SCHEDULER_NAME = "ThesisDesk (automatic)";
