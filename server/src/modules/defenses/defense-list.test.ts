import { eq, sql } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRows } from "../../db/query";
import { rooms, theses } from "../../db/schema";
import {
  createTestApp,
  makeCommittee,
  makeSupervisor,
  type TestContext,
  type TestUser,
  unique,
} from "../../test/app";
import { thesisWorld } from "../../test/thesis-world";

/**
 * The committee's Defenses screen (issue 32 item 8, decision 0078): GET /api/defenses, a range of
 * any term filtered by room and person, the committee's only; a defense's .ics to add
 * (GET /api/theses/:id/defense.ics) for those who see it; an examiner named or replaced while its
 * defense is booked gets the invitation or the cancellation (read back with ical.js).
 */

let t: TestContext;
let w: Awaited<ReturnType<typeof thesisWorld>>;
let chair: TestUser;
let roomA: { id: string; name: string };
const DAY = 86_400_000;
let day = 3;

beforeAll(async () => {
  t = await createTestApp();
  w = await thesisWorld(t);
  chair = await makeCommittee(t, { name: "Chair Person" });
  [roomA] = await t.database.db
    .insert(rooms)
    .values({ name: `Room ${unique("a")}`, capacity: 20 })
    .returning({ id: rooms.id, name: rooms.name });
});
afterAll(async () => t?.close());

/** A fresh day ahead, at 10:00 UTC (the world's teachers examine every thesis). */
const nextSlot = () => {
  const d = new Date(t.app.now().getTime() + day++ * DAY);
  d.setUTCHours(10, 0, 0, 0);
  return d;
};
async function submitted() {
  const th = await w.writing();
  await t.database.db
    .update(theses)
    .set({ state: "Submitted", submittedAt: t.app.now() })
    .where(eq(theses.id, th.id));
  return th;
}
async function booked(body: object) {
  const th = await submitted();
  const res = await w.post(w.committee, `/api/theses/${th.id}/defense`, body);
  expect(res.statusCode).toBe(201);
  return { th, defense: res.json().defense as { id: string; startsAt: string; endsAt: string } };
}
const list = (u: TestUser | null, query = "") => w.get(u, `/api/defenses${query ? `?${query}` : ""}`);
const ids = async (query: string) =>
  ((await list(w.committee, query)).json().items as { id: string }[]).map((i) => i.id);

function parse(text: string) {
  const cal = new ICAL.Component(ICAL.parse(text));
  const v = cal.getFirstSubcomponent("vevent")!;
  const e = new ICAL.Event(v);
  return {
    method: cal.getFirstPropertyValue("method"),
    uid: e.uid,
    sequence: e.sequence,
    start: e.startDate.toJSDate().toISOString(),
    end: e.endDate.toJSDate().toISOString(),
    summary: e.summary,
    location: e.location,
    status: v.getFirstPropertyValue("status"),
  };
}
const uidOf = (id: string) => `defense-${id}@${new URL(t.app.config.publicUrl).host}`;

describe("GET /api/defenses", () => {
  it("the committee's upcoming defenses of any term by start, each with its title, place and people by role; a range, a room, a person narrow it; a cancelled one is gone", async () => {
    const a = await booked({
      startsAt: nextSlot().toISOString(),
      roomId: roomA.id,
      public: true,
      chairId: chair.id,
    });
    const b = await booked({
      startsAt: nextSlot().toISOString(),
      onlineUrl: "https://meet.example/b",
      public: false,
    });
    const c = await booked({
      startsAt: nextSlot().toISOString(),
      onlineUrl: "https://meet.example/c",
      public: false,
    });
    expect((await w.send("DELETE", w.committee, `/api/defenses/${c.defense.id}`)).statusCode).toBe(200);

    const res = await list(w.committee);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.more).toBe(false);
    expect(new Date(body.to).getTime() - new Date(body.from).getTime()).toBe(366 * DAY);
    const shown = body.items.map((i: { id: string }) => i.id);
    expect(shown).toEqual([a.defense.id, b.defense.id]);
    const [first, second] = body.items;
    expect(first).toMatchObject({
      thesisId: a.th.id,
      startsAt: a.defense.startsAt,
      endsAt: a.defense.endsAt,
      room: roomA,
      onlineUrl: null,
      public: true,
    });
    expect(first.title).toMatch(/\S/);
    expect(second).toMatchObject({ room: null, onlineUrl: "https://meet.example/b" });
    const roles = Object.fromEntries(first.people.map((p: { id: string; role: string }) => [p.id, p.role]));
    expect(roles).toEqual({
      [a.th.students[0].id]: "member",
      [a.th.students[1].id]: "member",
      [w.supervisor.id]: "examiner",
      [w.examiner.id]: "examiner",
      [chair.id]: "chair",
    });

    // A day's range holds only that day's defense; a range inside a defense finds it; back to back, none.
    const from = new Date(a.defense.startsAt);
    expect(
      await ids(`from=${from.toISOString()}&to=${new Date(from.getTime() + DAY).toISOString()}`),
    ).toEqual([a.defense.id]);
    const mid = new Date(from.getTime() + 10 * 60_000).toISOString();
    expect(await ids(`from=${mid}&to=${new Date(from.getTime() + 20 * 60_000).toISOString()}`)).toEqual([
      a.defense.id,
    ]);
    expect(await ids(`from=${a.defense.endsAt}&to=${b.defense.startsAt}`)).toEqual([]);
    expect(await ids(`roomId=${roomA.id}`)).toEqual([a.defense.id]);
    expect(await ids(`personId=${chair.id}`)).toEqual([a.defense.id]);
    expect(await ids(`personId=${b.th.students[1].id}`)).toEqual([b.defense.id]);
    expect(await ids(`personId=${w.examiner.id}&roomId=${roomA.id}`)).toEqual([a.defense.id]);
    expect(await ids(`personId=${w.outsiderTeacher.id}`)).toEqual([]);
    // A past range (any term, no state): the list of what was, by start.
    const before = new Date(t.app.now().getTime() - 30 * DAY).toISOString();
    expect(await ids(`from=${before}&to=${t.app.now().toISOString()}`)).toEqual([]);
  });

  it("the supervisor is a person of the defense even when not booked in it (another first examiner)", async () => {
    const th = await submitted();
    const other = await makeSupervisor(t, { name: "Other First" });
    await t.database.db.update(theses).set({ firstExaminerId: other.id }).where(eq(theses.id, th.id));
    const res = await w.post(w.committee, `/api/theses/${th.id}/defense`, {
      startsAt: nextSlot().toISOString(),
      onlineUrl: "https://meet.example/s",
      public: false,
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().defense.id;
    const [item] = (
      await list(w.committee, `personId=${w.supervisor.id}&from=${res.json().defense.startsAt}`)
    ).json().items;
    expect(item.id).toBe(id);
    expect(item.people.filter((p: { id: string }) => p.id === w.supervisor.id)).toEqual([
      { id: w.supervisor.id, name: "Prof. First", role: "supervisor" },
    ]);
    expect(item.people.find((p: { id: string }) => p.id === other.id)).toMatchObject({ role: "examiner" });
  });

  it("refused: signed out 401, students and teachers 403; a bad range or filter is a 400 naming the field", async () => {
    const th = await submitted();
    expect((await list(null)).statusCode).toBe(401);
    expect((await list(th.students[0])).statusCode).toBe(403);
    expect((await list(w.supervisor)).statusCode).toBe(403);
    const now = t.app.now().getTime();
    const at = (ms: number) => new Date(ms).toISOString();
    const bad = async (query: string, field: string) => {
      const res = await list(w.committee, query);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {})).toContain(field);
      return res.json().error.fields[field] as string;
    };
    expect(await bad(`from=${at(now)}&to=${at(now - DAY)}`, "to")).toBe("To must be after From.");
    expect(await bad(`from=${at(now)}&to=${at(now)}`, "to")).toBe("To must be after From.");
    expect(await bad(`from=${at(now)}&to=${at(now + 367 * DAY)}`, "to")).toBe(
      "Choose at most 366 days at once.",
    );
    expect(await bad("from=yesterday", "from")).toBe("From must be a date and time.");
    expect(await bad("to=2027-13-40", "to")).toBe("To must be a date and time.");
    expect(await bad("roomId=1", "roomId")).toBe("Room must be a room's id.");
    expect(await bad("personId=x", "personId")).toBe("Person must be a person's id.");
    expect((await list(w.committee, `from=${at(now)}&to=${at(now + 366 * DAY)}`)).statusCode).toBe(200);
  });
});

describe("GET /api/theses/:id/defense.ics", () => {
  it("everyone who sees the thesis downloads its defense (PUBLISH, the invitations' UID and SEQUENCE); others and a thesis without one 404", async () => {
    const { th, defense } = await booked({
      startsAt: nextSlot().toISOString(),
      roomId: roomA.id,
      public: true,
      chairId: chair.id,
    });
    const moved = nextSlot();
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/defenses/${defense.id}`,
      payload: { startsAt: moved.toISOString() },
      headers: { cookie: w.committee.cookie },
    });
    expect(res.statusCode).toBe(200);
    for (const u of [th.students[0], th.students[1], w.supervisor, w.examiner, chair, w.committee]) {
      const got = await w.get(u, `/api/theses/${th.id}/defense.ics`);
      expect(got.statusCode).toBe(200);
      expect(got.headers["content-type"]).toMatch(/^text\/calendar/);
      expect(got.headers["content-disposition"]).toBe('attachment; filename="defense.ics"');
      expect(parse(got.body)).toMatchObject({
        method: "PUBLISH",
        uid: uidOf(defense.id),
        sequence: 1,
        start: moved.toISOString(),
        end: new Date(moved.getTime() + 45 * 60_000).toISOString(),
        location: roomA.name,
        status: "CONFIRMED",
      });
      expect(got.body).not.toContain("ORGANIZER");
    }
    const other = await submitted();
    for (const u of [w.outsiderTeacher, other.students[0]])
      expect((await w.get(u, `/api/theses/${th.id}/defense.ics`)).statusCode).toBe(404);
    expect((await w.get(null, `/api/theses/${th.id}/defense.ics`)).statusCode).toBe(401);
    expect((await w.get(w.committee, `/api/theses/${other.id}/defense.ics`)).statusCode).toBe(404);
    expect((await w.send("DELETE", w.committee, `/api/defenses/${defense.id}`)).statusCode).toBe(200);
    expect((await w.get(th.students[0], `/api/theses/${th.id}/defense.ics`)).statusCode).toBe(404);
  });
});

const attachments = (userId: string, kind: string) =>
  selectRows<{ attachment: { filename: string; content: string; method: string } }>(
    t.database.db,
    sql`select attachment from outbox where user_id = ${userId} and kind = ${kind} order by id`,
  );

describe("an examiner named while the defense is booked", () => {
  it("the new examiner gets the invitation (REQUEST) and the one replaced the cancellation (CANCEL), one UID, the SEQUENCE one more; nobody else is emailed again", async () => {
    const { th, defense } = await booked({
      startsAt: nextSlot().toISOString(),
      roomId: roomA.id,
      public: false,
      chairId: chair.id,
    });
    const fresh = await makeSupervisor(t, { name: "New Examiner" });
    const res = await w.send("PUT", w.committee, `/api/theses/${th.id}/examiners`, {
      secondExaminerId: fresh.id,
    });
    expect(res.statusCode).toBe(200);

    const [invite] = await attachments(fresh.id, "defense.joinDefense");
    expect(invite.attachment).toMatchObject({ filename: "invite.ics", method: "REQUEST" });
    expect(parse(invite.attachment.content)).toMatchObject({
      method: "REQUEST",
      uid: uidOf(defense.id),
      sequence: 1,
      start: defense.startsAt,
      end: defense.endsAt,
      location: roomA.name,
      status: "CONFIRMED",
    });
    const gone = (await attachments(w.examiner.id, "defense.leaveDefense")).map((x) => x.attachment);
    expect(gone).toHaveLength(1);
    expect(gone[0]).toMatchObject({ filename: "cancel.ics", method: "CANCEL" });
    expect(parse(gone[0].content)).toMatchObject({
      method: "CANCEL",
      uid: uidOf(defense.id),
      sequence: 1,
      status: "CANCELLED",
    });
    for (const u of [...th.students, w.supervisor, chair, fresh])
      expect(await attachments(u.id, "defense.leaveDefense")).toHaveLength(0);
    for (const u of [...th.students, w.supervisor, chair, w.examiner])
      expect(await attachments(u.id, "defense.joinDefense")).toHaveLength(0);
    // The feed and the download carry the same SEQUENCE from now on.
    expect(parse((await w.get(fresh, `/api/theses/${th.id}/defense.ics`)).body).sequence).toBe(1);
    // The committee naming the same examiner again changes nothing and sends nothing.
    const again = await w.send("PUT", w.committee, `/api/theses/${th.id}/examiners`, {
      secondExaminerId: fresh.id,
    });
    expect(again.statusCode).toBe(200);
    expect(await attachments(fresh.id, "defense.joinDefense")).toHaveLength(1);
  });
});

describe("the OpenAPI document", () => {
  it("documents both reads: the list's query and answer, the .ics", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const list = doc.paths["/api/defenses"].get;
    expect(list.parameters.map((p: { name: string }) => p.name).sort()).toEqual([
      "from",
      "personId",
      "roomId",
      "to",
    ]);
    expect(Object.keys(list.responses)).toEqual(expect.arrayContaining(["200", "400", "401", "403"]));
    expect(doc.paths["/api/theses/{id}/defense.ics"].get.summary).toMatch(/PUBLISH/);
  });
});
