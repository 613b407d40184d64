import { emails } from "../outbox/emails";
import { enqueueEmails } from "../outbox/outbox.service";
import type { Happening, Telling } from "./happening";
import { committeeIds } from "./transition.repository";

/**
 * Who hears of each action, and in which words (DESIGN.md §9): one entry per action of the table
 * and per notice, so an action without its words does not compile.
 */
type Notice = (t: Telling) => Promise<void>;

/** What a group is told when it is complete and its proposal waits for its supervisor; null when it is not. */
const nowWithSupervisor = ({ h, who }: Telling) =>
  h.to === "Pending" && h.from !== "Pending" && who.supervisorId
    ? `Everyone invited has answered, so "${h.title}" is now with ${h.supervisorName ?? "your supervisor"} for review.`
    : null;

/**
 * The group is complete and the proposal now waits for its supervisor (DESIGN.md §9): the
 * supervisor is told, and the members who were not told already (the creator hears it in the
 * notice of the answer that completed it).
 */
async function reachedSupervisor(t: Telling) {
  const complete = nowWithSupervisor(t);
  if (!complete) return;
  await t.submitted();
  await t.send(t.who.members, "student", "Your group is complete", complete);
}

/** `first`, and the news that the group is complete when this happening completed it. */
const andComplete = (t: Telling, first: string) => {
  const complete = nowWithSupervisor(t);
  return complete ? `${first} ${complete}` : first;
};

/** An invitee's answer, told to the creator in one notice that names who answered and how. */
const answer: Notice = async (t) => {
  const { h, name, send } = t;
  const how = h.record ?? h.action;
  await send(
    [h.creatorId],
    "student",
    how === "accept" ? `${name} joined your group` : `${name} declined your invitation`,
    andComplete(
      t,
      how === "accept"
        ? `${name} accepted your invitation to "${h.title}".`
        : how === "decline"
          ? `${name} declined your invitation to "${h.title}".`
          : `${name} joined another group, so their invitation to "${h.title}" was declined.`,
    ),
  );
  await reachedSupervisor(t);
};

const withdrawn: Notice = async ({ c, h, who, by, send }) => {
  const what =
    h.action === "withdraw"
      ? `${by} withdrew the proposal "${h.title}".`
      : `The revision deadline of ${h.termName} passed before a new version of "${h.title}" was submitted, so it was withdrawn.`;
  await send(who.members, "student", "Proposal withdrawn", what, h.text);
  if (who.supervisorId) await send([who.supervisorId], "supervisor", "Proposal withdrawn", what, h.text);
  // Their invitation is gone with it; the proposal is no longer theirs to open.
  await send(
    h.cancelled ?? [],
    "student",
    "Invitation withdrawn",
    `${by} withdrew "${h.title}", so your invitation to its group is cancelled.`,
    null,
    `${c.publicUrl}/student/dashboard`,
  );
};

const reviewed = (h: Happening) => ({
  type: "proposal.reviewed" as const,
  proposalId: h.proposalId,
  title: h.title,
  status: h.to as "Approved" | "Denied",
});

const decided: Notice = async ({ c, h, who, by, others, send }) => {
  if (h.actor?.role === "committee") {
    // One notice each: its live event carries these words (a second, proposal.reviewed, was a second toast).
    const what = `The committee ${h.to === "Approved" ? "approved" : "denied"} the proposal "${h.title}".`;
    const subject = `Proposal ${h.to.toLowerCase()} by the committee`;
    await send(who.members, "student", subject, what, h.text);
    await send([who.supervisorId], "supervisor", subject, what, h.text);
    return;
  }
  if (h.to === "Awaiting committee") {
    await send(
      who.members,
      "student",
      "Approved by your supervisor",
      `${by} approved "${h.title}". The committee signs it off next.`,
      h.text,
    );
    await send(
      await committeeIds(c.db),
      "committee",
      "A proposal awaits the committee",
      `${by} approved "${h.title}", and ${h.termName} asks the committee to sign off.`,
    );
    return;
  }
  const ids = others(who.members);
  const review = { title: h.title, status: h.to, supervisor: by };
  await enqueueEmails(c.db, ids, emails.proposalReviewed(c.publicUrl, review));
  c.emit(ids, reviewed(h));
};

export const NOTICES: Record<Happening["action"], Notice> = {
  submit: async ({ c, h, who, by, submitted }) => {
    if (h.to === "Pending") await submitted();
    if (!who.invitees.length) return;
    const named = h.title;
    const supervisor = h.supervisorName ?? "allocated from the topics you rank together";
    await enqueueEmails(c.db, who.invitees, emails.invitation(c.publicUrl, { title: named, by, supervisor }));
    c.emit(who.invitees, { type: "invitation.received", proposalId: h.proposalId, title: named, by });
  },
  accept: answer,
  decline: answer,
  closeInvitations: async (t) => {
    const { h, send } = t;
    await send(
      [h.creatorId],
      "student",
      "Invitations closed",
      andComplete(
        t,
        `Submissions for ${h.termName} closed, so the invitations to "${h.title}" that were still open were declined.`,
      ),
    );
    await reachedSupervisor(t);
  },
  leave: ({ h, name, send }) =>
    send([h.creatorId], "student", `${name} left your group`, `${name} left the group of "${h.title}".`),
  withdraw: withdrawn,
  expire: withdrawn,
  approve: decided,
  deny: decided,
  requestChanges: ({ h, who, by, send }) =>
    send(
      who.members,
      "student",
      "Changes requested",
      `${by} asked for changes to "${h.title}". Submit a new version${h.termName ? ` before revisions for ${h.termName} close` : ""}.`,
      h.text,
    ),
  resubmit: async ({ h, who, by, send }) => {
    const what = `${by} submitted a new version of "${h.title}".`;
    await send([who.supervisorId], "supervisor", "New version to review", what, h.text);
    await send(who.members, "student", "New version submitted", what, h.text);
  },
  reopen: async ({ h, who, send }) => {
    const what = `The committee reopened "${h.title}": it`;
    await send(who.members, "student", "Proposal reopened", `${what} is Pending again.`, h.text);
    await send(
      [who.supervisorId],
      "supervisor",
      "Proposal reopened",
      `${what} waits for your review again.`,
      h.text,
    );
  },
  reassign: async ({ h, who, send }) => {
    const to = h.subject?.name ?? "another supervisor";
    const what = `The committee gave "${h.title}" to ${to}.`;
    await send(who.members, "student", "New supervisor", what);
    await send([h.previousSupervisorId], "supervisor", "Proposal reassigned", what);
    await send(
      [who.supervisorId],
      "supervisor",
      "Proposal assigned to you",
      `The committee gave you "${h.title}"; it is ${h.to}.`,
    );
  },
  place: async ({ h, who, send }) => {
    await send(
      who.members,
      "student",
      "Your group's topic",
      `The committee placed your group on "${h.subject?.name ?? h.title}" with ${h.supervisorName ?? "a supervisor"}. Your proposal is now Pending with them.`,
    );
    await send(
      [who.supervisorId],
      "supervisor",
      "A group was placed with you",
      `The committee placed "${h.title}" on your topic "${h.subject?.name ?? ""}".`,
    );
  },
  remind: ({ h, who, send }) =>
    send(
      who.members,
      "student",
      "Revisions close soon",
      `Changes were requested to "${h.title}", and revisions for ${h.termName} close in less than three days. Submit a new version before then, or the proposal is withdrawn.`,
    ),
};
