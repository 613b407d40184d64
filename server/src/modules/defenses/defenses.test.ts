import { MSG } from "@shared/messages";
import { dayTimeInZone, utcToWall } from "@shared/time";
import { and, count, eq, inArray, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activity, defensePeople, defenses, rooms, theses, users } from "../../db/schema";
import {
  createTestApp,
  makeCommittee,
  makeStudent,
  makeSupervisor,
  sessionHeaders,
  type TestContext,
  type TestUser,
  unique,
} from "../../test/app";
import { thesisWorld } from "../../test/thesis-world";

/**
 * A thesis's defense (DESIGN.md §18, decision 0073): who may schedule, move, cancel it and record
 * its minutes, in which states; bad input by name with nothing changed; nobody double-booked, the
 * database deciding between simultaneous bookings; the thesis's return and cancellation cancel it.
 */

let t: TestContext;
let w: Awaited<ReturnType<typeof thesisWorld>>;
let chair: TestUser;
let roomA: { id: string; name: string };
let roomB: { id: string; name: string };
const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
let day = 2;

beforeAll(async () => {
  t = await createTestApp();
  w = await thesisWorld(t);
  chair = await makeCommittee(t, { name: "Chair Person" });
  [roomA, roomB] = await t.database.db
    .insert(rooms)
    .values([
      { name: `Room ${unique("a")}`, capacity: 20 },
      { name: `Room ${unique("b")}`, capacity: 20 },
    ])
    .returning({ id: rooms.id, name: rooms.name });
});
afterAll(async () => t?.close());

/** A fresh day ahead for each test (the world's teachers examine every thesis), at 10:00 UTC. */
const nextSlot = () => {
  const d = new Date(t.app.now().getTime() + day++ * DAY);
  d.setUTCHours(10, 0, 0, 0);
  return d;
};
/** A thesis of the world, Submitted. */
async function submitted() {
  const th = await w.writing();
  await t.database.db
    .update(theses)
    .set({ state: "Submitted", submittedAt: t.app.now() })
    .where(eq(theses.id, th.id));
  return th;
}
const schedule = (u: TestUser | null, thesisId: string, body: object) =>
  w.post(u, `/api/theses/${thesisId}/defense`, body);
const patch = (u: TestUser | null, id: string, body: object) =>
  t.app.inject({ method: "PATCH", url: `/api/defenses/${id}`, payload: body, headers: headers(u) });
const headers = (u: TestUser | null) => sessionHeaders(u);
const readDefense = async (u: TestUser, thesisId: string) => w.get(u, `/api/theses/${thesisId}/defense`);
const defenseRows = (thesisId: string) =>
  t.database.db.select().from(defenses).where(eq(defenses.thesisId, thesisId));
const peopleOf = async (defenseId: string) =>
  (await t.database.db.select().from(defensePeople).where(eq(defensePeople.defenseId, defenseId)))
    .map((p) => p.userId)
    .sort();
async function defenseCount() {
  const [row] = await t.database.db.select({ n: count() }).from(defenses).where(isNull(defenses.cancelledAt));
  return Number(row.n);
}
const busyWhen = (start: Date, minutes: number) => {
  const zone = t.app.config.timeZone;
  const end = new Date(start.getTime() + minutes * 60_000).toISOString();
  return `${dayTimeInZone(start.toISOString(), zone)}–${utcToWall(end, zone).slice(11)} (${zone})`;
};

describe("POST /api/theses/:id/defense and GET", () => {
  it("the committee schedules: the term's 45 minutes, the room, the people booked, the activity; everyone who sees the thesis reads it, minutes only for examiners and the committee", async () => {
    const th = await submitted();
    const startsAt = nextSlot();
    const res = await schedule(w.committee, th.id, {
      startsAt: startsAt.toISOString(),
      roomId: roomA.id,
      public: true,
      chairId: chair.id,
    });
    expect(res.statusCode).toBe(201);
    const d = res.json().defense;
    expect(d).toMatchObject({
      thesisId: th.id,
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 45 * 60_000).toISOString(),
      minutes: 45,
      room: roomA,
      onlineUrl: null,
      public: true,
      chair: { id: chair.id, name: "Chair Person" },
      record: "",
      mayManage: true,
    });
    expect(await peopleOf(d.id)).toEqual(
      [...th.students.map((s) => s.id), w.supervisor.id, w.examiner.id, chair.id].sort(),
    );
    const [logged] = await t.database.db
      .select({ n: count() })
      .from(activity)
      .where(
        and(eq(activity.kind, "defense"), eq(activity.action, "schedule"), eq(activity.subjectId, d.id)),
      );
    expect(Number(logged.n)).toBe(1);

    const member = (await readDefense(th.students[0], th.id)).json().defense;
    expect(member).toMatchObject({ id: d.id, record: null, mayManage: false, mayRecord: false });
    expect((await readDefense(w.examiner, th.id)).json().defense).toMatchObject({
      record: "",
      mayManage: false,
    });
    expect((await readDefense(w.supervisor, th.id)).json().defense).toMatchObject({
      mayManage: true,
      mayRecord: true,
    });
    expect((await readDefense(w.outsiderTeacher, th.id)).statusCode).toBe(404);
    expect((await readDefense(await makeStudent(t), th.id)).statusCode).toBe(404);
    expect((await w.get(null, `/api/theses/${th.id}/defense`)).statusCode).toBe(401);
  });

  it("its supervisor schedules online for a given duration; a thesis with no defense reads null", async () => {
    const th = await submitted();
    expect((await readDefense(th.students[0], th.id)).json()).toEqual({ defense: null });
    const res = await schedule(w.supervisor, th.id, {
      startsAt: nextSlot().toISOString(),
      minutes: 90,
      onlineUrl: "https://meet.example.org/defense",
      public: false,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().defense).toMatchObject({
      minutes: 90,
      room: null,
      onlineUrl: "https://meet.example.org/defense",
      chair: null,
    });
  });

  it("refused: a student or the second examiner (403), a teacher who does not see it (404), Writing and Released (409), a second defense (409); nothing changes", async () => {
    const th = await submitted();
    const body = { startsAt: nextSlot().toISOString(), roomId: roomB.id, public: true };
    const before = await defenseCount();
    expect((await schedule(th.students[0], th.id, body)).statusCode).toBe(403);
    const examiner = await schedule(w.examiner, th.id, body);
    expect(examiner.statusCode).toBe(403);
    expect(examiner.json().error.message).toBe(MSG.defenseNotYours);
    expect((await schedule(w.outsiderTeacher, th.id, body)).statusCode).toBe(404);
    for (const state of ["Writing", "Released"] as const) {
      await t.database.db.update(theses).set({ state }).where(eq(theses.id, th.id));
      const res = await schedule(w.committee, th.id, body);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(MSG.defenseThesisState);
    }
    expect(await defenseCount()).toBe(before);
    await t.database.db.update(theses).set({ state: "Graded" }).where(eq(theses.id, th.id));
    expect((await schedule(w.committee, th.id, body)).statusCode).toBe(201);
    const again = await schedule(w.committee, th.id, { ...body, startsAt: nextSlot().toISOString() });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(MSG.defenseExists);
    expect(await defenseCount()).toBe(before + 1);
  });

  it("400 naming each bad field: a past start, end before start, an unknown room, a chair not an active committee account, both a room and a link, neither, a link not https; nothing is created", async () => {
    const th = await submitted();
    const ok = { startsAt: nextSlot().toISOString(), roomId: roomA.id, public: true };
    const gone = await makeCommittee(t);
    await t.database.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, gone.id));
    const before = await defenseCount();
    const cases: [object, Record<string, string>][] = [
      [
        { ...ok, startsAt: new Date(t.app.now().getTime() - HOUR).toISOString() },
        { startsAt: MSG.defenseStartsInPast },
      ],
      [{ ...ok, startsAt: "tomorrow" }, { startsAt: MSG.defenseStartsAtInvalid }],
      [{ ...ok, minutes: 0 }, { minutes: "Minutes must be at least 15: a defense ends after it starts." }],
      [{ ...ok, minutes: -30 }, { minutes: "Minutes must be at least 15: a defense ends after it starts." }],
      [{ ...ok, roomId: "00000000-0000-4000-8000-000000000000" }, { roomId: MSG.defenseRoomUnknown }],
      [{ ...ok, chairId: w.supervisor.id }, { chairId: MSG.defenseChairNotCommittee }],
      [{ ...ok, chairId: gone.id }, { chairId: MSG.defenseChairNotCommittee }],
      [
        { ...ok, onlineUrl: "https://x.example.org/" },
        { roomId: MSG.defensePlaceBoth, onlineUrl: MSG.defensePlaceBoth },
      ],
      [{ startsAt: ok.startsAt, public: true }, { roomId: MSG.defensePlaceRequired }],
      [
        { startsAt: ok.startsAt, public: true, onlineUrl: "http://x.example.org/" },
        { onlineUrl: MSG.defenseOnlineUrlInvalid },
      ],
    ];
    for (const [body, fields] of cases) {
      const res = await schedule(w.committee, th.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.fields).toEqual(fields);
    }
    expect(await defenseCount()).toBe(before);
    expect(await defenseRows(th.id)).toEqual([]);
  });
});

describe("nobody double-booked (exclusion constraints)", () => {
  it("409 naming the busy room, then the busy person, and the time in TIME_ZONE; back to back is fine", async () => {
    const [one, two] = [await submitted(), await submitted()];
    const start = nextSlot();
    expect(
      (await schedule(w.committee, one.id, { startsAt: start.toISOString(), roomId: roomA.id, public: true }))
        .statusCode,
    ).toBe(201);
    const before = await defenseCount();
    const half = new Date(start.getTime() + 30 * 60_000).toISOString();
    const room = await schedule(w.committee, two.id, { startsAt: half, roomId: roomA.id, public: true });
    expect(room.statusCode).toBe(409);
    expect(room.json().error.message).toBe(MSG.defenseBusy(roomA.name, busyWhen(start, 45)));
    const person = await schedule(w.committee, two.id, { startsAt: half, roomId: roomB.id, public: true });
    expect(person.statusCode).toBe(409);
    expect(person.json().error.message).toBe(MSG.defenseBusy("Dr. Second", busyWhen(start, 45)));
    expect(await defenseCount()).toBe(before);
    const after = new Date(start.getTime() + 45 * 60_000).toISOString();
    expect(
      (await schedule(w.committee, two.id, { startsAt: after, roomId: roomA.id, public: true })).statusCode,
    ).toBe(201);
  });

  it("five simultaneous bookings of one room at one time (different people): one 201, four 409 naming the room", async () => {
    const list = await Promise.all([1, 2, 3, 4, 5].map(() => submitted()));
    // Only the room is shared: these theses have no examiners.
    for (const th of list)
      await t.database.db
        .update(theses)
        .set({ firstExaminerId: null, secondExaminerId: null })
        .where(eq(theses.id, th.id));
    const startsAt = nextSlot().toISOString();
    const res = await Promise.all(
      list.map((th) => schedule(w.committee, th.id, { startsAt, roomId: roomB.id, public: true })),
    );
    expect(res.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const r of res.filter((x) => x.statusCode === 409))
      expect(r.json().error.message).toBe(MSG.defenseBusy(roomB.name, busyWhen(new Date(startsAt), 45)));
  });

  it("five simultaneous online bookings with the same examiners: one 201, four 409 naming a person", async () => {
    const list = await Promise.all([1, 2, 3, 4, 5].map(() => submitted()));
    const startsAt = nextSlot().toISOString();
    const body = { startsAt, onlineUrl: "https://meet.example.org/x", public: false };
    const res = await Promise.all(list.map((th) => schedule(w.supervisor, th.id, body)));
    expect(res.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const r of res.filter((x) => x.statusCode === 409))
      expect(r.json().error.message).toBe(MSG.defenseBusy("Dr. Second", busyWhen(new Date(startsAt), 45)));
  });
});

describe("PATCH, DELETE /api/defenses/:id and PUT …/minutes", () => {
  it("moves time, place and chair (people booked again); a move onto a busy room is 409 and changes nothing; cancel keeps the row and frees the slot", async () => {
    const [one, two] = [await submitted(), await submitted()];
    const first = nextSlot();
    const a = (
      await schedule(w.committee, one.id, { startsAt: first.toISOString(), roomId: roomA.id, public: true })
    ).json().defense;
    const second = new Date(first.getTime() + 2 * HOUR);
    const b = (
      await schedule(w.supervisor, two.id, {
        startsAt: second.toISOString(),
        roomId: roomB.id,
        public: true,
        chairId: chair.id,
      })
    ).json().defense;
    expect(await peopleOf(b.id)).toContain(chair.id);

    const clash = await patch(w.committee, b.id, { startsAt: first.toISOString(), roomId: roomA.id });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.message).toBe(MSG.defenseBusy(roomA.name, busyWhen(first, 45)));
    expect((await defenseRows(two.id))[0]).toMatchObject({ roomId: roomB.id, startsAt: second });

    const later = new Date(second.getTime() + HOUR);
    const moved = await patch(w.supervisor, b.id, {
      startsAt: later.toISOString(),
      onlineUrl: "https://meet.example.org/b",
      chairId: null,
      public: false,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().defense).toMatchObject({
      startsAt: later.toISOString(),
      room: null,
      onlineUrl: "https://meet.example.org/b",
      chair: null,
      public: false,
    });
    expect(await peopleOf(b.id)).not.toContain(chair.id);
    expect(
      (
        await patch(w.committee, b.id, { startsAt: new Date(t.app.now().getTime() - HOUR).toISOString() })
      ).json().error.fields,
    ).toEqual({ startsAt: MSG.defenseStartsInPast });
    expect((await patch(th0(one), a.id, { public: false })).statusCode).toBe(403);
    expect((await patch(w.outsiderTeacher, a.id, { public: false })).statusCode).toBe(404);

    const del = await t.app.inject({
      method: "DELETE",
      url: `/api/defenses/${a.id}`,
      headers: headers(w.committee),
    });
    expect(del.statusCode).toBe(200);
    const [row] = await defenseRows(one.id);
    expect(row.cancelledAt).not.toBeNull();
    expect(await peopleOf(a.id)).toEqual([]);
    expect(
      (await t.app.inject({ method: "DELETE", url: `/api/defenses/${a.id}`, headers: headers(w.committee) }))
        .statusCode,
    ).toBe(409);
    expect((await readDefense(w.committee, one.id)).json().defense).toBeNull();
    // The slot is free again: the first thesis may be scheduled there anew.
    expect(
      (await schedule(w.committee, one.id, { startsAt: first.toISOString(), roomId: roomA.id, public: true }))
        .statusCode,
    ).toBe(201);
    const actions = await t.database.db
      .select({ a: activity.action })
      .from(activity)
      .where(and(eq(activity.kind, "defense"), eq(activity.proposalId, two.proposalId)));
    expect(actions.map((x) => x.a).sort()).toEqual(["move", "schedule"]);
  });

  it("the chair and the supervisor record minutes; another committee member, an examiner, a member are refused; the minutes are read by examiners and the committee only", async () => {
    const th = await submitted();
    const d = (
      await schedule(w.committee, th.id, {
        startsAt: nextSlot().toISOString(),
        roomId: roomA.id,
        public: true,
        chairId: chair.id,
      })
    ).json().defense;
    const put = (u: TestUser, text: string) =>
      t.app.inject({
        method: "PUT",
        url: `/api/defenses/${d.id}/minutes`,
        payload: { text },
        headers: headers(u),
      });
    expect((await put(chair, "  Defended well. ")).json().defense.record).toBe("Defended well.");
    expect((await put(w.supervisor, "Defended very well.")).statusCode).toBe(200);
    const other = await put(w.committee, "No.");
    expect(other.statusCode).toBe(403);
    expect(other.json().error.message).toBe(MSG.minutesNotYours);
    expect((await put(w.examiner, "No.")).statusCode).toBe(403);
    expect((await put(th.students[0], "No.")).statusCode).toBe(403);
    expect((await put(chair, "x".repeat(4001))).statusCode).toBe(400);
    expect((await readDefense(w.examiner, th.id)).json().defense.record).toBe("Defended very well.");
    expect((await readDefense(w.committee, th.id)).json().defense.record).toBe("Defended very well.");
    expect((await readDefense(th.students[1], th.id)).json().defense.record).toBeNull();
  });

  it("after release the defense stays, cannot be moved or cancelled (409), and its minutes may still be recorded", async () => {
    const th = await submitted();
    const d = (
      await schedule(w.committee, th.id, {
        startsAt: nextSlot().toISOString(),
        roomId: roomB.id,
        public: false,
      })
    ).json().defense;
    await t.database.db.update(theses).set({ state: "Released" }).where(eq(theses.id, th.id));
    expect((await readDefense(w.committee, th.id)).json().defense).toMatchObject({
      id: d.id,
      mayManage: false,
    });
    const moved = await patch(w.committee, d.id, { public: true });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().error.message).toBe(MSG.defenseThesisState);
    expect(
      (await t.app.inject({ method: "DELETE", url: `/api/defenses/${d.id}`, headers: headers(w.supervisor) }))
        .statusCode,
    ).toBe(409);
    expect((await defenseRows(th.id))[0]).toMatchObject({ public: false, cancelledAt: null });
    const minutes = await t.app.inject({
      method: "PUT",
      url: `/api/defenses/${d.id}/minutes`,
      payload: { text: "Held." },
      headers: headers(w.supervisor),
    });
    expect(minutes.statusCode).toBe(200);
  });

  it("a room a defense names cannot be removed (409, kept); one no defense names can", async () => {
    const th = await submitted();
    const [held] = await t.database.db
      .insert(rooms)
      .values({ name: `Room ${unique("h")}`, capacity: 5 })
      .returning();
    expect(
      (
        await schedule(w.committee, th.id, {
          startsAt: nextSlot().toISOString(),
          roomId: held.id,
          public: true,
        })
      ).statusCode,
    ).toBe(201);
    const del = await t.app.inject({
      method: "DELETE",
      url: `/api/rooms/${held.id}`,
      headers: headers(w.committee),
    });
    expect(del.statusCode).toBe(409);
    expect(del.json().error.message).toBe(MSG.roomHasDefenses);
    expect(await t.database.db.select().from(rooms).where(eq(rooms.id, held.id))).toHaveLength(1);
  });

  it("a return or a cancellation of the thesis cancels its defense in the same transaction", async () => {
    const [ret, can] = [await submitted(), await submitted()];
    const start = nextSlot();
    const r = (
      await schedule(w.committee, ret.id, { startsAt: start.toISOString(), roomId: roomA.id, public: true })
    ).json().defense;
    const returned = await w.post(w.supervisor, `/api/theses/${ret.id}/return`, {
      reason: "Fix the method.",
      dueAt: new Date(new Date(ret.dueAt).getTime() + 30 * DAY).toISOString(),
    });
    expect(returned.statusCode).toBe(200);
    expect((await defenseRows(ret.id))[0].cancelledAt).not.toBeNull();
    expect(await peopleOf(r.id)).toEqual([]);

    const c = (
      await schedule(w.committee, can.id, { startsAt: start.toISOString(), roomId: roomA.id, public: true })
    ).json().defense;
    expect(c.id).toBeTruthy();
    expect((await w.post(w.committee, `/api/theses/${can.id}/cancel`, { reason: "Left." })).statusCode).toBe(
      200,
    );
    expect((await defenseRows(can.id))[0].cancelledAt).not.toBeNull();
    const cancels = await t.database.db
      .select({ n: count() })
      .from(activity)
      .where(and(eq(activity.kind, "defense"), eq(activity.action, "cancel"), eq(activity.subjectId, c.id)));
    expect(Number(cancels[0].n)).toBe(1);
  });

  it("an annulment of a Graded thesis cancels its defense in the same transaction", async () => {
    const th = await submitted();
    const d = (
      await schedule(w.committee, th.id, {
        startsAt: nextSlot().toISOString(),
        roomId: roomA.id,
        public: true,
      })
    ).json().defense;
    expect(d.id).toBeTruthy();
    await t.database.db.update(theses).set({ state: "Graded" }).where(eq(theses.id, th.id));
    const res = await w.post(w.committee, `/api/theses/${th.id}/annul`, { reason: "Copied." });
    expect(res.statusCode).toBe(200);
    expect((await defenseRows(th.id))[0].cancelledAt).not.toBeNull();
    expect(await peopleOf(d.id)).toEqual([]);
  });

  it("a new examiner is booked into the thesis's defense; one busy at that time is refused 409 by name and nothing changes", async () => {
    // The other thesis is of another department's world: none of this thesis's people are in it.
    const w2 = await thesisWorld(t);
    const one = await submitted();
    const two = await w2.writing();
    await t.database.db
      .update(theses)
      .set({ state: "Submitted", submittedAt: t.app.now() })
      .where(eq(theses.id, two.id));
    const start = nextSlot();
    const [busyTeacher, freeTeacher] = [
      await makeSupervisor(t, { name: "Busy Examiner" }),
      await makeSupervisor(t, { name: "Free Examiner" }),
    ];
    const examiners = (thesisId: string, secondExaminerId: string, by = w.committee) =>
      t.app.inject({
        method: "PUT",
        url: `/api/theses/${thesisId}/examiners`,
        payload: { secondExaminerId },
        headers: headers(by),
      });
    // The busy teacher examines the other thesis, whose defense is at the same time.
    expect((await examiners(two.id, busyTeacher.id, w2.committee)).statusCode).toBe(200);
    const other = { startsAt: start.toISOString(), onlineUrl: "https://meet.example/b", public: false };
    expect((await schedule(w2.committee, two.id, other)).statusCode).toBe(201);
    const d = (
      await schedule(w.committee, one.id, {
        startsAt: start.toISOString(),
        onlineUrl: "https://meet.example/a",
        public: false,
      })
    ).json().defense;
    expect(await peopleOf(d.id)).toContain(w.examiner.id);

    const refused = await examiners(one.id, busyTeacher.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(MSG.defenseBusy("Busy Examiner", busyWhen(start, 45)));
    const [kept] = await t.database.db.select().from(theses).where(eq(theses.id, one.id));
    expect(kept.secondExaminerId).toBe(w.examiner.id);
    expect(await peopleOf(d.id)).toContain(w.examiner.id);

    expect((await examiners(one.id, freeTeacher.id)).statusCode).toBe(200);
    const booked = await peopleOf(d.id);
    expect(booked).toContain(freeTeacher.id);
    expect(booked).not.toContain(w.examiner.id);
  });
});

const th0 = (th: { students: TestUser[] }) => th.students[0];

describe("GET /api/theses/:id/defense/slots (Find a time)", () => {
  it("weekday slots within WORK_HOURS in the next 14 days, each with a free room; one click books it; the people's new defense is no longer offered to the next thesis", async () => {
    const [one, two] = [await submitted(), await submitted()];
    const res = await w.get(w.supervisor, `/api/theses/${one.id}/defense/slots`);
    expect(res.statusCode).toBe(200);
    const slots: { startsAt: string; endsAt: string; room: { id: string; name: string } }[] =
      res.json().items;
    expect(slots.length).toBeGreaterThan(0);
    const now = t.app.now().getTime();
    const busy = await t.database.db
      .select()
      .from(defensePeople)
      .where(inArray(defensePeople.userId, [w.supervisor.id, w.examiner.id]));
    for (const s of slots) {
      const start = new Date(s.startsAt);
      expect([1, 2, 3, 4, 5]).toContain(start.getUTCDay());
      expect(start.getUTCHours()).toBeGreaterThanOrEqual(9);
      expect(new Date(s.endsAt).getTime() - start.getTime()).toBe(45 * 60_000);
      expect(new Date(s.endsAt).getUTCHours() * 60 + new Date(s.endsAt).getUTCMinutes()).toBeLessThanOrEqual(
        17 * 60,
      );
      expect(start.getTime()).toBeGreaterThan(now);
      expect(start.getTime()).toBeLessThanOrEqual(now + 14 * DAY);
      for (const b of busy) expect(b.startsAt < new Date(s.endsAt) && start < b.endsAt).toBe(false);
    }
    const first = slots[0];
    const booked = await schedule(w.supervisor, one.id, {
      startsAt: first.startsAt,
      roomId: first.room.id,
      public: true,
    });
    expect(booked.statusCode).toBe(201);
    const next: { startsAt: string }[] = (
      await w.get(w.committee, `/api/theses/${two.id}/defense/slots?minutes=60`)
    ).json().items;
    expect(next.map((s) => s.startsAt)).not.toContain(first.startsAt);
  });

  it("refused: a student 403, a teacher who does not see it 404, a thesis being written 409, a bad length 400", async () => {
    const th = await submitted();
    expect((await w.get(th.students[0], `/api/theses/${th.id}/defense/slots`)).statusCode).toBe(403);
    expect((await w.get(w.outsiderTeacher, `/api/theses/${th.id}/defense/slots`)).statusCode).toBe(404);
    expect((await w.get(w.committee, `/api/theses/${th.id}/defense/slots?minutes=5`)).statusCode).toBe(400);
    await t.database.db.update(theses).set({ state: "Writing" }).where(eq(theses.id, th.id));
    expect((await w.get(w.committee, `/api/theses/${th.id}/defense/slots`)).statusCode).toBe(409);
  });
});
