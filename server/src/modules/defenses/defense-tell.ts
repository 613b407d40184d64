import { dayTimeInZone, utcToWall } from "@shared/time";
import { iso } from "../../db/query";
import { type IcsMethod, icsCalendar } from "../../lib/ics";
import type { RequestContext } from "../../lib/request-context";
import { tellThesisPeople } from "../theses/tell";
import type { ThesisRow } from "../theses/theses.repository";
import type { DefenseRow } from "./defenses.repository";

/** A change of a defense, or of one person's place in it (an examiner named or replaced while it is booked). */
export type DefenseChange =
  | "scheduleDefense"
  | "moveDefense"
  | "cancelDefense"
  | "joinDefense"
  | "leaveDefense";

const WORDS: Record<DefenseChange, { headline: string; verb: string; method: IcsMethod }> = {
  scheduleDefense: { headline: "Defense scheduled", verb: "scheduled the defense", method: "REQUEST" },
  moveDefense: { headline: "Defense changed", verb: "changed the defense", method: "REQUEST" },
  cancelDefense: { headline: "Defense cancelled", verb: "cancelled the defense", method: "CANCEL" },
  joinDefense: { headline: "Defense invitation", verb: "booked you into the defense", method: "REQUEST" },
  leaveDefense: { headline: "Defense without you", verb: "took you off the defense", method: "CANCEL" },
};

/** A defense's time in words, in the department's zone: "2027-03-29 10:00–11:00 (Europe/Berlin)". */
export const defenseWhen = (d: { starts_at: string; ends_at: string }, zone: string) =>
  `${dayTimeInZone(iso(d.starts_at), zone)}–${utcToWall(iso(d.ends_at), zone).slice(11)} (${zone})`;

/** A defense's one UID across its invitation, moves and cancellation (RFC 5545). */
export const defenseUid = (id: string, publicUrl: string) => `defense-${id}@${new URL(publicUrl).host}`;

/** Where a defense takes place, in words: its room or its online link. */
export const defensePlace = (d: Pick<DefenseRow, "room_name" | "online_url">) =>
  d.room_name ?? (d.online_url ? `Online: ${d.online_url}` : "");

/** The defense as an iCalendar event (its invitations and the private feed write it the same way). */
export function defenseEvent(
  d: Pick<DefenseRow, "id" | "starts_at" | "ends_at" | "room_name" | "online_url" | "sequence">,
  title: string,
  c: { publicUrl: string },
  cancelled = false,
) {
  return {
    uid: defenseUid(d.id, c.publicUrl),
    sequence: d.sequence,
    start: new Date(iso(d.starts_at)),
    end: new Date(iso(d.ends_at)),
    summary: `Defense: ${title}`,
    location: defensePlace(d) || undefined,
    cancelled,
  };
}

/**
 * Tells everyone a defense concerns (its thesis's members, supervisor, both examiners, the chair;
 * `only` some of them: a chair replaced hears of a cancellation) that it was scheduled, moved
 * or cancelled (DESIGN.md §18): an email through the outbox with the .ics (REQUEST, or CANCEL; the
 * defense's stable UID and its SEQUENCE), and a live event after the commit, as a thesis's action
 * (the event refreshes the open thesis pages). The one acting is not told.
 */
export async function tellDefense(
  c: RequestContext,
  thesis: ThesisRow,
  d: DefenseRow,
  change: DefenseChange,
  only?: string[],
) {
  const words = WORDS[change];
  const by = c.by?.name ?? "ThesisDesk";
  const when = defenseWhen(d, c.timeZone);
  const place = defensePlace(d);
  const what = `${by} ${words.verb} of the thesis: ${when}${place ? `, ${place}` : ""}.`;
  const cancel = words.method === "CANCEL";
  const content = icsCalendar([defenseEvent(d, thesis.title, c, cancel)], {
    method: words.method,
    stamp: c.now,
    organizer: `noreply@${new URL(c.publicUrl).hostname}`,
  });
  const attachment = {
    filename: cancel ? "cancel.ics" : "invite.ics",
    contentType: `text/calendar; charset=utf-8; method=${words.method}`,
    content,
    method: words.method,
  };
  const news = { action: change, headline: words.headline, what, kind: `defense.${change}`, attachment };
  const send = (ids: (string | null)[], area: "student" | "supervisor" | "committee") =>
    tellThesisPeople(
      c,
      thesis,
      ids.filter((id) => !only || (id && only.includes(id))),
      area,
      news,
    );
  const teachers = [thesis.supervisor_id, thesis.first_examiner_id, thesis.second_examiner_id];
  await send(
    thesis.members.map((m) => m.id),
    "student",
  );
  await send(teachers, "supervisor");
  await send(
    [d.chair_id].filter((id) => !teachers.includes(id)),
    "committee",
  );
}
