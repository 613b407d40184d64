import type { ProposalStatus } from "@shared/enums";
import type { LiveEvent } from "@shared/schemas/events";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { selectRows } from "../../db/query";
import { users } from "../../db/schema";
import { emails } from "../outbox/emails";
import { enqueueEmails } from "../outbox/outbox.service";
import type { Actor } from "./transition";
import { concernedBy } from "./transition.repository";

/** What happened to a proposal, for the emails and live events that tell of it. */
export interface Happening {
  publicUrl: string;
  proposalId: string;
  title: string;
  termName: string;
  /** The table's action, or a kind of answer it records under another name. */
  action: string;
  actor: Actor;
  from: ProposalStatus | null;
  to: ProposalStatus;
  /** Feedback, a reason, a version's note. */
  text?: string | null;
  /** The invitee who answered, the new supervisor. */
  subject?: { id: string; name: string } | null;
  /** Reassign: the supervisor it was with. */
  previousSupervisorId?: string | null;
  /** Withdraw: the students whose open invitations were cancelled. */
  cancelled?: string[];
  /** The proposal's creator and supervisor, as the transition found them. */
  creatorId: string;
  supervisorName: string | null;
}

type Emit = (to: Iterable<string>, event: LiveEvent) => void;

const link = (publicUrl: string, area: "student" | "supervisor" | "committee", id: string) =>
  `${publicUrl}/${area}/proposals/${id}`;

async function committeeIds(db: Db) {
  const rows = await selectRows<{ id: string }>(db, sql`select id from ${users} where role = 'committee'`);
  return rows.map((r) => r.id);
}

/**
 * Tells the people a change concerns (DESIGN.md §9): an email through the outbox, in the caller's
 * transaction, and a live event after its commit. The one acting is never told of their own act.
 * Everyone is told in one place, so every transition reaches the same people in the same words.
 */
export async function tell(tx: Db, emit: Emit, h: Happening) {
  const who = await concernedBy(tx, h.proposalId);
  const actorId = h.actor?.id;
  const by = h.actor?.name ?? "ThesisDesk";
  const others = (ids: (string | null | undefined)[]) => [
    ...new Set(ids.filter((id): id is string => !!id && id !== actorId)),
  ];
  const event: LiveEvent = {
    type: "proposal.changed",
    proposalId: h.proposalId,
    title: h.title,
    action: h.action,
    status: h.to,
    by,
  };
  const send = async (
    to: (string | null | undefined)[],
    area: "student" | "supervisor" | "committee",
    subject: string,
    what: string,
    note?: string | null,
    href?: string,
  ) => {
    const ids = others(to);
    if (!ids.length) return;
    await enqueueEmails(
      tx,
      ids,
      emails.proposalChanged({
        title: h.title,
        subject,
        what,
        note,
        link: href ?? link(h.publicUrl, area, h.proposalId),
      }),
    );
    emit(ids, event);
  };
  const reachedSupervisor = async () => {
    // The group is complete and the proposal now waits for its supervisor (DESIGN.md §9).
    if (h.to !== "Pending" || !who.supervisorId) return;
    const creatorName =
      (await selectRows<{ name: string }>(tx, sql`select name from ${users} where id = ${h.creatorId}`))[0]
        ?.name ?? "";
    await enqueueEmails(
      tx,
      [who.supervisorId],
      emails.proposalSubmitted(h.publicUrl, { title: h.title, by: creatorName }),
    );
    emit([who.supervisorId], {
      type: "proposal.submitted",
      proposalId: h.proposalId,
      title: h.title,
      by: creatorName,
    });
    await send(
      who.members,
      "student",
      "Your group is complete",
      `Everyone invited has answered, so "${h.title}" is now with ${h.supervisorName ?? "your supervisor"} for review.`,
    );
  };
  const name = h.subject?.name ?? by;

  switch (h.action) {
    case "accept":
    case "decline":
    case "joinedElsewhere":
      await send(
        [h.creatorId],
        "student",
        h.action === "accept" ? `${name} joined your group` : `${name} declined your invitation`,
        h.action === "accept"
          ? `${name} accepted your invitation to "${h.title}".`
          : h.action === "decline"
            ? `${name} declined your invitation to "${h.title}".`
            : `${name} joined another group, so their invitation to "${h.title}" was declined.`,
      );
      if (h.to !== h.from) await reachedSupervisor();
      return;
    case "closeInvitations":
      await send(
        [h.creatorId],
        "student",
        "Invitations closed",
        `Submissions for ${h.termName} closed, so the invitations to "${h.title}" that were still open were declined.`,
      );
      await reachedSupervisor();
      return;
    case "leave":
      await send(
        [h.creatorId],
        "student",
        `${name} left your group`,
        `${name} left the group of "${h.title}".`,
      );
      return;
    case "withdraw":
    case "expire": {
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
        `${h.publicUrl}/student/dashboard`,
      );
      return;
    }
    case "approve":
    case "deny":
      if (h.actor?.role === "committee") {
        const what = `The committee ${h.to === "Approved" ? "approved" : "denied"} the proposal "${h.title}".`;
        await send(who.members, "student", `Proposal ${h.to.toLowerCase()} by the committee`, what, h.text);
        await send(
          [who.supervisorId],
          "supervisor",
          `Proposal ${h.to.toLowerCase()} by the committee`,
          what,
          h.text,
        );
        emit(others(who.members), {
          type: "proposal.reviewed",
          proposalId: h.proposalId,
          title: h.title,
          status: h.to as "Approved" | "Denied",
        });
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
          await committeeIds(tx),
          "committee",
          "A proposal awaits the committee",
          `${by} approved "${h.title}", and ${h.termName} asks the committee to sign off.`,
        );
        return;
      }
      {
        const ids = others(who.members);
        await enqueueEmails(
          tx,
          ids,
          emails.proposalReviewed(h.publicUrl, { title: h.title, status: h.to, supervisor: by }),
        );
        emit(ids, {
          type: "proposal.reviewed",
          proposalId: h.proposalId,
          title: h.title,
          status: h.to as "Approved" | "Denied",
        });
      }
      return;
    case "requestChanges":
      await send(
        who.members,
        "student",
        "Changes requested",
        `${by} asked for changes to "${h.title}". Submit a new version${h.termName ? ` before revisions for ${h.termName} close` : ""}.`,
        h.text,
      );
      return;
    case "resubmit":
      await send(
        [who.supervisorId],
        "supervisor",
        "New version to review",
        `${by} submitted a new version of "${h.title}".`,
        h.text,
      );
      await send(
        who.members,
        "student",
        "New version submitted",
        `${by} submitted a new version of "${h.title}".`,
        h.text,
      );
      return;
    case "reopen":
      await send(
        who.members,
        "student",
        "Proposal reopened",
        `The committee reopened "${h.title}": it is Pending again.`,
        h.text,
      );
      await send(
        [who.supervisorId],
        "supervisor",
        "Proposal reopened",
        `The committee reopened "${h.title}": it waits for your review again.`,
        h.text,
      );
      return;
    case "reassign": {
      const to = h.subject?.name ?? "another supervisor";
      await send(who.members, "student", "New supervisor", `The committee gave "${h.title}" to ${to}.`);
      await send(
        [h.previousSupervisorId],
        "supervisor",
        "Proposal reassigned",
        `The committee gave "${h.title}" to ${to}.`,
      );
      await send(
        [who.supervisorId],
        "supervisor",
        "Proposal assigned to you",
        `The committee gave you "${h.title}"; it is ${h.to}.`,
      );
      return;
    }
    case "place":
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
      return;
    case "remind":
      await send(
        who.members,
        "student",
        "Revisions close soon",
        `Changes were requested to "${h.title}", and revisions for ${h.termName} close in less than three days. Submit a new version before then, or the proposal is withdrawn.`,
      );
      return;
    default:
      await send(who.members, "student", "Proposal updated", `"${h.title}" is now ${h.to}.`);
  }
}
