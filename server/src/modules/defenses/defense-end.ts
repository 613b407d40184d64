import { MSG } from "@shared/messages";
import type { ThesisAction } from "@shared/thesis-life";
import { iso } from "../../db/query";
import { ConflictError } from "../../lib/errors";
import type { RequestContext } from "../../lib/request-context";
import { recordIn } from "../activity/activity.repository";
import type { ThesisRow } from "../theses/theses.repository";
import { defenseWhen, tellDefense } from "./defense-tell";
import {
  bookPeople,
  cancelDefenseRow,
  selectActiveDefense,
  selectBusy,
  selectDefense,
  updateDefense,
} from "./defenses.repository";

/** The people a defense books: the thesis's members, its examiners set, the chair. */
export const peopleOf = (
  thesis: Pick<ThesisRow, "members" | "first_examiner_id" | "second_examiner_id">,
  chairId: string | null | undefined,
) => [
  ...new Set(
    [...thesis.members.map((m) => m.id), thesis.first_examiner_id, thesis.second_examiner_id, chairId].filter(
      (id): id is string => !!id,
    ),
  ),
];

export type Booking = Parameters<typeof selectBusy>[1];

/**
 * The 409 of a booking that meets another defense: who or what is busy and when, in the
 * department's zone; undefined when nothing overlaps (any more).
 */
export async function busyConflict(c: RequestContext, want: Booking): Promise<ConflictError | undefined> {
  const busy = await selectBusy(c.db, want);
  if (!busy) return undefined;
  return new ConflictError(MSG.defenseBusy(busy.name, defenseWhen(busy, c.timeZone)));
}

/**
 * After the thesis's examiners change (DESIGN.md §17), its active defense books its people again,
 * in the same transaction: a new examiner busy at that time is refused with the busy words (the
 * exclusion constraint holds under races as well). Its SEQUENCE grows by one; a new examiner gets
 * the invitation (REQUEST) and one replaced the cancellation (CANCEL), through the outbox, unless
 * they are its supervisor, who hears of the defense as such (decision 0078).
 */
export async function rebookDefense(c: RequestContext, before: ThesisRow, after: ThesisRow) {
  const d = await selectActiveDefense(c.db, after.id);
  if (!d) return;
  const want: Booking = {
    roomId: null,
    userIds: peopleOf(after, d.chair_id),
    startsAt: new Date(iso(d.starts_at)),
    endsAt: new Date(iso(d.ends_at)),
    except: d.id,
  };
  const clash = await busyConflict(c, want);
  if (clash) throw clash;
  await bookPeople(c.db, d.id, want.userIds, want.startsAt, want.endsAt);
  const examiners = (t: ThesisRow) => [t.first_examiner_id, t.second_examiner_id];
  const changed = (from: ThesisRow, to: ThesisRow) =>
    examiners(from).filter(
      (id): id is string => !!id && !examiners(to).includes(id) && id !== after.supervisor_id,
    );
  const joined = changed(after, before);
  const left = changed(before, after);
  if (!joined.length && !left.length) return;
  await updateDefense(c.db, d.id, { sequence: d.sequence + 1, updatedAt: c.now });
  const row = (await selectDefense(c.db, d.id))!;
  if (joined.length) await tellDefense(c, after, row, "joinDefense", joined);
  if (left.length) await tellDefense(c, before, row, "leaveDefense", left);
}

/**
 * A defense's change (scheduled, moved, cancelled) on the activity log, under its thesis's
 * proposal and title, and told to its people: its row as it is now.
 */
export async function recordDefense(
  c: RequestContext,
  thesis: ThesisRow,
  id: string,
  action: "schedule" | "move" | "cancel",
) {
  await recordIn(c, "defense", action, {
    proposalId: thesis.proposal_id,
    subjectId: id,
    subjectName: thesis.title,
  });
  const row = (await selectDefense(c.db, id))!;
  await tellDefense(c, thesis, row, `${action}Defense`);
  return row;
}

/** The thesis's actions that cancel its defense (DESIGN.md §18): a return, a cancellation, an annulment. */
const ENDS_DEFENSE: ReadonlySet<ThesisAction> = new Set(["return", "cancel", "annul"]);

/**
 * Called by the thesis's engine in the transaction of each of its actions: one that ends the
 * defense cancels the thesis's active defense (its people freed), records it and tells its people
 * (the cancellation's .ics).
 */
export async function endDefenseWithThesis(c: RequestContext, thesis: ThesisRow, action: ThesisAction) {
  if (!ENDS_DEFENSE.has(action)) return;
  const id = await cancelDefenseRow(c.db, { thesisId: thesis.id }, c.now);
  if (!id) return;
  await recordDefense(c, thesis, id, "cancel");
}
