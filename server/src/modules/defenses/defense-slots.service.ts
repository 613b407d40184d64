import { freeSlots, type Slot, type WorkHours } from "@shared/defense-slots";
import { DAY_MS } from "@shared/time";
import type { RequestContext } from "../../lib/request-context";
import type { SessionUser } from "../../plugins/auth";
import { thesisFor } from "../theses/thesis-transition";
import { peopleOf } from "./defense-end";
import {
  selectActiveDefense,
  selectPeopleBusy,
  selectRoomsBusy,
  termDefenseMinutes,
} from "./defenses.repository";
import { maySchedule } from "./defenses.service";

/** How far "Find a time" looks ahead (§18). */
const SLOT_DAYS = 14;
const ms = (at: string) => Date.parse(new Date(at).toISOString());

/**
 * GET /api/theses/:id/defense/slots: for one who may schedule the thesis's defense now, the first
 * free slots of `minutes` (none: the term's) in the next 14 days on weekdays within the working
 * hours, when every person of it (and the chair of its defense, if one is set) and a room are free.
 * Its own defense does not count as busy, so a move may find a time too.
 */
export async function findDefenseSlots(
  ctx: RequestContext<SessionUser>,
  thesisId: string,
  hours: WorkHours,
  minutes?: number,
): Promise<Slot[]> {
  const { thesis, parties } = await thesisFor(ctx.db, thesisId, ctx.by);
  maySchedule(thesis, parties);
  const length = minutes ?? (await termDefenseMinutes(ctx.db, thesis.term_id));
  const current = await selectActiveDefense(ctx.db, thesis.id);
  const to = new Date(ctx.now.getTime() + (SLOT_DAYS + 1) * DAY_MS);
  const [people, rooms] = await Promise.all([
    selectPeopleBusy(ctx.db, peopleOf(thesis, current?.chair_id), ctx.now, to, thesis.id),
    selectRoomsBusy(ctx.db, ctx.now, to, thesis.id),
  ]);
  return freeSlots({
    now: ctx.now,
    zone: ctx.timeZone,
    hours,
    minutes: length,
    days: SLOT_DAYS,
    peopleBusy: people.map((b) => ({ start: ms(b.starts_at), end: ms(b.ends_at) })),
    rooms: rooms.map((r) => ({
      id: r.id,
      name: r.name,
      busy: r.busy.map((b) => ({ start: ms(b.starts_at), end: ms(b.ends_at) })),
    })),
  });
}
