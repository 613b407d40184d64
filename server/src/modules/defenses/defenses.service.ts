import type { ThesisState } from "@shared/enums";
import { MSG } from "@shared/messages";
import type { Defense, DefenseInput, DefenseMoveInput } from "@shared/schemas/defenses";
import type { ThesisParty } from "@shared/thesis-life";
import { iso } from "../../db/query";
import { ConflictError, ForbiddenError, fieldError, NotFoundError, PG, pgErrorCode } from "../../lib/errors";
import { inTransaction, type RequestContext } from "../../lib/request-context";
import type { SessionUser } from "../../plugins/auth";
import type { ThesisRow } from "../theses/theses.repository";
import { thesisFor } from "../theses/thesis-transition";
import { type Booking, busyConflict, peopleOf, recordDefense } from "./defense-end";
import { tellDefense } from "./defense-tell";
import {
  bookPeople,
  cancelDefenseRow,
  type DefenseData,
  type DefenseRow,
  insertDefense,
  isActiveCommittee,
  roomExists,
  selectActiveDefense,
  selectDefense,
  termDefenseMinutes,
  updateDefense,
} from "./defenses.repository";

type Ctx = RequestContext<SessionUser>;
const MINUTE_MS = 60_000;
/** A thesis has a defense only while it is marked and not yet released (§18). */
const DEFENSE_STATES: ReadonlySet<ThesisState> = new Set(["Submitted", "Disputed", "Graded"]);

const mayManage = (parties: ThesisParty[]) => parties.includes("committee") || parties.includes("supervisor");
const mayRecord = (by: SessionUser, d: DefenseRow, parties: ThesisParty[]) =>
  d.chair_id === by.id || parties.includes("supervisor");
/** The minutes are read by the examiners and the committee, and by those who record them. */
const mayRead = (by: SessionUser, d: DefenseRow, parties: ThesisParty[]) =>
  mayRecord(by, d, parties) ||
  parties.some((p) => p === "committee" || p === "firstExaminer" || p === "secondExaminer");

/** The defense as the caller sees it; `mayManage` also says whether the thesis's state allows a change now. */
function toDefense(d: DefenseRow, by: SessionUser, parties: ThesisParty[], state: ThesisState): Defense {
  const startsAt = iso(d.starts_at);
  const endsAt = iso(d.ends_at);
  return {
    id: d.id,
    thesisId: d.thesis_id,
    startsAt,
    endsAt,
    minutes: Math.round((Date.parse(endsAt) - Date.parse(startsAt)) / MINUTE_MS),
    room: d.room_id ? { id: d.room_id, name: d.room_name ?? "" } : null,
    onlineUrl: d.online_url,
    public: d.public,
    chair: d.chair_id ? { id: d.chair_id, name: d.chair_name ?? "" } : null,
    people: d.people,
    record: mayRead(by, d, parties) ? d.minutes : null,
    mayManage: mayManage(parties) && DEFENSE_STATES.has(state),
    mayRecord: mayRecord(by, d, parties),
  };
}

/** Whether the parties may schedule, move or cancel the thesis's defense now: 403 not theirs, 409 not now. */
export function maySchedule(thesis: ThesisRow, parties: ThesisParty[]) {
  if (!mayManage(parties)) throw new ForbiddenError(MSG.defenseNotYours);
  if (!DEFENSE_STATES.has(thesis.state)) throw new ConflictError(MSG.defenseThesisState);
}

/** Checks what a booking names (start in the future, the room, the chair): 400 naming the field. */
async function checkBooking(c: Ctx, v: { startsAt?: Date; roomId?: string | null; chairId?: string | null }) {
  if (v.startsAt && v.startsAt.getTime() <= c.now.getTime())
    throw fieldError("startsAt", MSG.defenseStartsInPast);
  if (v.roomId && !(await roomExists(c.db, v.roomId))) throw fieldError("roomId", MSG.defenseRoomUnknown);
  if (v.chairId && !(await isActiveCommittee(c.db, v.chairId)))
    throw fieldError("chairId", MSG.defenseChairNotCommittee);
}

/**
 * Runs a booking's transaction; when an exclusion constraint refuses it (SQLSTATE 23P01: the room or
 * a person is in an overlapping defense, perhaps one committed a moment ago), answers 409 naming
 * who or what is busy and when, in the department's zone.
 */
async function booking<T>(
  ctx: Ctx,
  run: (c: Ctx, wants: (booking: Booking) => void) => Promise<T>,
): Promise<T> {
  let want: Booking | undefined;
  try {
    return await inTransaction(ctx, (c) =>
      run(c, (b) => {
        want = b;
      }),
    );
  } catch (err) {
    const code = pgErrorCode(err);
    if (code === PG.uniqueViolation) throw new ConflictError(MSG.defenseExists);
    if (code !== PG.exclusionViolation) throw err;
    throw (want && (await busyConflict(ctx, want))) ?? new ConflictError(MSG.defenseSlotTaken);
  }
}

/** GET /api/theses/:id/defense: the active defense, to everyone who may see the thesis (404 otherwise). */
export async function getThesisDefense(ctx: Ctx, thesisId: string): Promise<Defense | null> {
  const { thesis, parties } = await thesisFor(ctx.db, thesisId, ctx.by);
  const d = await selectActiveDefense(ctx.db, thesisId);
  return d ? toDefense(d, ctx.by, parties, thesis.state) : null;
}

/** POST /api/theses/:id/defense: the committee or the thesis's supervisor schedules it (§18). */
export function scheduleDefense(ctx: Ctx, thesisId: string, input: DefenseInput): Promise<Defense> {
  return booking(ctx, async (c, wants) => {
    const { thesis, parties } = await thesisFor(c.db, thesisId, c.by, true);
    maySchedule(thesis, parties);
    const startsAt = new Date(input.startsAt);
    const minutes = input.minutes ?? (await termDefenseMinutes(c.db, thesis.term_id));
    const data: DefenseData = {
      startsAt,
      endsAt: new Date(startsAt.getTime() + minutes * MINUTE_MS),
      roomId: input.roomId ?? null,
      onlineUrl: input.onlineUrl ?? null,
      public: input.public,
      chairId: input.chairId ?? null,
    };
    await checkBooking(c, data);
    if (await selectActiveDefense(c.db, thesis.id)) throw new ConflictError(MSG.defenseExists);
    const userIds = peopleOf(thesis, data.chairId);
    wants({ roomId: data.roomId ?? null, userIds, startsAt, endsAt: data.endsAt, except: null });
    const id = await insertDefense(c.db, thesis.id, data);
    await bookPeople(c.db, id, userIds, startsAt, data.endsAt);
    const row = await recordDefense(c, thesis, id, "schedule");
    return toDefense(row, c.by, parties, thesis.state);
  });
}

/** The active defense and its thesis, for one who may change it now (404 unseen or unknown, 409 cancelled). */
async function defenseToChange(c: Ctx, id: string) {
  const d = await selectDefense(c.db, id);
  if (!d) throw new NotFoundError(MSG.defenseNotFound);
  const { thesis, parties } = await thesisFor(c.db, d.thesis_id, c.by, true).catch((err) => {
    throw err instanceof NotFoundError ? new NotFoundError(MSG.defenseNotFound) : err;
  });
  return { d, thesis, parties };
}

/** PATCH /api/defenses/:id: a new time, place, public or closed, chair; its people booked again. */
export function moveDefense(ctx: Ctx, id: string, input: DefenseMoveInput): Promise<Defense> {
  return booking(ctx, async (c, wants) => {
    const { d, thesis, parties } = await defenseToChange(c, id);
    maySchedule(thesis, parties);
    if (d.cancelled_at) throw new ConflictError(MSG.defenseCancelledAlready);
    const startsAt = input.startsAt ? new Date(input.startsAt) : new Date(iso(d.starts_at));
    const oldMinutes = (Date.parse(iso(d.ends_at)) - Date.parse(iso(d.starts_at))) / MINUTE_MS;
    const endsAt = new Date(startsAt.getTime() + (input.minutes ?? oldMinutes) * MINUTE_MS);
    const place =
      input.roomId != null
        ? { roomId: input.roomId, onlineUrl: null }
        : input.onlineUrl != null
          ? { roomId: null, onlineUrl: input.onlineUrl }
          : { roomId: d.room_id, onlineUrl: d.online_url };
    const chairId = input.chairId === undefined ? d.chair_id : input.chairId;
    await checkBooking(c, {
      startsAt: input.startsAt ? startsAt : undefined,
      roomId: input.roomId,
      chairId: input.chairId,
    });
    const userIds = peopleOf(thesis, chairId);
    wants({ roomId: place.roomId, userIds, startsAt, endsAt, except: id });
    await updateDefense(c.db, id, {
      startsAt,
      endsAt,
      ...place,
      public: input.public ?? d.public,
      chairId,
      updatedAt: c.now,
      sequence: d.sequence + 1,
    });
    await bookPeople(c.db, id, userIds, startsAt, endsAt);
    const row = await recordDefense(c, thesis, id, "move");
    // A chair replaced is no longer in it: their calendar drops it.
    if (d.chair_id && d.chair_id !== chairId)
      await tellDefense(c, thesis, { ...row, chair_id: d.chair_id }, "cancelDefense", [d.chair_id]);
    return toDefense(row, c.by, parties, thesis.state);
  });
}

/** DELETE /api/defenses/:id: cancelled (the row kept for the record, its people freed). */
export function cancelDefense(ctx: Ctx, id: string): Promise<void> {
  return inTransaction(ctx, async (c) => {
    const { d, thesis, parties } = await defenseToChange(c, id);
    maySchedule(thesis, parties);
    if (d.cancelled_at || !(await cancelDefenseRow(c.db, { id }, c.now)))
      throw new ConflictError(MSG.defenseCancelledAlready);
    await recordDefense(c, thesis, id, "cancel");
  });
}

/** PUT /api/defenses/:id/minutes: the chair or the thesis's supervisor records them. */
export function recordMinutes(ctx: Ctx, id: string, text: string): Promise<Defense> {
  return inTransaction(ctx, async (c) => {
    const { d, thesis, parties } = await defenseToChange(c, id);
    if (!mayRecord(c.by, d, parties)) throw new ForbiddenError(MSG.minutesNotYours);
    if (d.cancelled_at) throw new ConflictError(MSG.defenseCancelledAlready);
    await updateDefense(c.db, id, { minutes: text, updatedAt: c.now });
    return toDefense((await selectDefense(c.db, id))!, c.by, parties, thesis.state);
  });
}
