import type { LiveEvent } from "@shared/schemas/events";
import type { RequestContext } from "../../lib/request-context";
import { emails } from "../outbox/emails";
import { enqueueEmails } from "../outbox/outbox.service";
import type { Area, Happening, Telling } from "./happening";
import { NOTICES } from "./notices";
import { concernedBy } from "./transition.repository";

const link = (publicUrl: string, area: Area, id: string) => `${publicUrl}/${area}/proposals/${id}`;

/**
 * Tells the people a change concerns (DESIGN.md §9): an email through the outbox, in the context's
 * transaction, and a live event after its commit, both in the same words. The one acting is never
 * told of their own act, and nobody is told twice of one happening: a notice that has more to say
 * to someone (an answer that also completes the group) says it in the one notice (issue 30).
 * Everyone is told in one place, in the words of NOTICES (one entry per action: a new action
 * without its words is a type error), so every transition reaches the same people in the same words.
 */
export async function tell(c: RequestContext, h: Happening) {
  const who = await concernedBy(c.db, h.proposalId);
  const actorId = h.actor?.id;
  const by = h.actor?.name ?? "ThesisDesk";
  const publicUrl = c.publicUrl;
  const told = new Set<string>();
  const others = (ids: (string | null | undefined)[]) => [
    ...new Set(ids.filter((id): id is string => !!id && id !== actorId)),
  ];
  const t: Telling = {
    c,
    h,
    who,
    by,
    name: h.subject?.name ?? by,
    others,
    send: async (to, area, subject, what, note, href) => {
      const ids = others(to).filter((id) => !told.has(id));
      if (!ids.length) return;
      for (const id of ids) told.add(id);
      const message = {
        title: h.title,
        subject,
        what,
        note,
        link: href ?? link(publicUrl, area, h.proposalId),
      };
      await enqueueEmails(c.db, ids, emails.proposalChanged(message));
      const event: LiveEvent = {
        type: "proposal.changed",
        proposalId: h.proposalId,
        title: h.title,
        action: h.record ?? h.action,
        status: h.to,
        by,
        headline: subject,
        message: what,
      };
      c.emit(ids, event);
    },
    submitted: async () => {
      if (!who.supervisorId) return;
      const submitted = { title: h.title, by: h.creatorName };
      await enqueueEmails(c.db, [who.supervisorId], emails.proposalSubmitted(publicUrl, submitted));
      c.emit([who.supervisorId], { type: "proposal.submitted", proposalId: h.proposalId, ...submitted });
    },
  };
  await NOTICES[h.action](t);
}
