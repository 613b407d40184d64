import { Writable } from "node:stream";
import type { LiveEvent } from "@shared/schemas/events";
import { wallToUtc } from "@shared/time";
import { eq, sql } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRows } from "../../db/query";
import { calendarSettings, theses } from "../../db/schema";
import {
  createTestApp,
  makeCommittee,
  sessionHeaders,
  type TestContext,
  type TestUser,
} from "../../test/app";
import { linkToken, outboxFor } from "../../test/mail";
import { thesisWorld } from "../../test/thesis-world";
import { feedTokenHash } from "./calendar.service";

/**
 * Calendars (DESIGN.md §18, decision 0076): every defense invitation, move and cancellation
 * emailed with an .ics and told live; the private feed behind a token stored as a hash, never
 * logged, renewed, revoked by deactivation and a password reset; the public feed. Every calendar
 * is read back with a real iCalendar parser (ical.js), in Europe/Berlin across both of its
 * daylight-saving changes.
 */

const ZONE = "Europe/Berlin";
const lines: string[] = [];
let t: TestContext;
let w: Awaited<ReturnType<typeof thesisWorld>>;
let chair: TestUser;

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({ timeZone: ZONE }, { logger: { level: "info", stream } });
  w = await thesisWorld(t);
  chair = await makeCommittee(t, { name: "Chair Person" });
});
afterAll(async () => t?.close());

/** A calendar as a calendar program reads it: its METHOD and events. */
function parse(text: string) {
  const cal = new ICAL.Component(ICAL.parse(text));
  const events = cal.getAllSubcomponents("vevent").map((v) => {
    const e = new ICAL.Event(v);
    return {
      uid: e.uid,
      sequence: e.sequence,
      start: e.startDate.toJSDate().toISOString(),
      end: e.endDate.toJSDate().toISOString(),
      summary: e.summary,
      location: e.location,
      description: e.description,
      status: v.getFirstPropertyValue("status"),
    };
  });
  return { method: cal.getFirstPropertyValue("method"), events };
}

async function submitted() {
  const th = await w.writing();
  await t.database.db
    .update(theses)
    .set({ state: "Submitted", submittedAt: t.app.now() })
    .where(eq(theses.id, th.id));
  return th;
}

/** Berlin wall time as the instant it is. */
const berlin = (wall: string) => wallToUtc(wall, ZONE)!;

const attachments = (userId: string, kind: string) =>
  selectRows<{ body: string; attachment: { filename: string; content: string; method: string } }>(
    t.database.db,
    sql`select body, attachment from outbox where user_id = ${userId} and kind = ${kind} order by id`,
  );

const feed = (url: string) => t.app.inject({ method: "GET", url: new URL(url).pathname });
const newFeed = async (u: TestUser) => {
  const res = await w.post(u, "/api/me/calendar-token");
  expect(res.statusCode).toBe(200);
  return res.json().url as string;
};

describe("a defense's emails and live events", () => {
  it("schedule, move, cancel: everyone concerned gets an .ics (REQUEST, REQUEST, CANCEL; one UID; SEQUENCE 0, 1, 2) and a live event; times right across both daylight-saving changes", async () => {
    const th = await submitted();
    const heard: Record<string, LiveEvent[]> = {};
    const people = [...th.students, w.supervisor, w.examiner, chair];
    const stops = people.map((u) => {
      heard[u.id] = [];
      return t.app.events.subscribe(u.id, `calendar-${u.id}`, (e) => heard[u.id].push(e));
    });
    // Sunday 28 March 2027 at 10:00 in Berlin, hours after the clocks went forward (UTC+2).
    const spring = berlin("2027-03-28T10:00");
    expect(spring).toBe("2027-03-28T08:00:00.000Z");
    const made = await w.post(w.committee, `/api/theses/${th.id}/defense`, {
      startsAt: spring,
      onlineUrl: "https://meet.example.edu/room; one, two",
      public: true,
      chairId: chair.id,
      minutes: 60,
    });
    expect(made.statusCode).toBe(201);
    const id = made.json().defense.id as string;
    // Sunday 31 October 2027 at 10:00, hours after the clocks went back (UTC+1).
    const autumn = berlin("2027-10-31T10:00");
    expect(autumn).toBe("2027-10-31T09:00:00.000Z");
    const moved = await t.app.inject({
      method: "PATCH",
      url: `/api/defenses/${id}`,
      payload: { startsAt: autumn },
      headers: sessionHeaders(w.committee),
    });
    expect(moved.statusCode).toBe(200);
    expect((await w.send("DELETE", w.committee, `/api/defenses/${id}`)).statusCode).toBe(200);

    const uid = `defense-${id}@${new URL(t.app.config.publicUrl).host}`;
    for (const u of people) {
      const [s] = await attachments(u.id, "defense.scheduleDefense");
      const [m] = await attachments(u.id, "defense.moveDefense");
      const [c] = await attachments(u.id, "defense.cancelDefense");
      expect(s.body).toContain("28 March 2027, 10:00–11:00 (Europe/Berlin)");
      expect(m.body).toContain("31 October 2027, 10:00–11:00 (Europe/Berlin)");
      const [one, two, three] = [s, m, c].map((x) => parse(x.attachment.content));
      expect([one.method, two.method, three.method]).toEqual(["REQUEST", "REQUEST", "CANCEL"]);
      expect([s, m, c].map((x) => x.attachment.method)).toEqual(["REQUEST", "REQUEST", "CANCEL"]);
      expect([one, two, three].map((x) => x.events[0].uid)).toEqual([uid, uid, uid]);
      expect([one, two, three].map((x) => x.events[0].sequence)).toEqual([0, 1, 2]);
      expect(one.events[0]).toMatchObject({
        start: "2027-03-28T08:00:00.000Z",
        end: "2027-03-28T09:00:00.000Z",
        summary: expect.stringMatching(/^Defense: /),
        location: "Online: https://meet.example.edu/room; one, two",
        status: "CONFIRMED",
      });
      expect(two.events[0]).toMatchObject({
        start: "2027-10-31T09:00:00.000Z",
        end: "2027-10-31T10:00:00.000Z",
      });
      expect(three.events[0].status).toBe("CANCELLED");
    }
    // The committee member who acted is not told.
    expect(await attachments(w.committee.id, "defense.scheduleDefense")).toHaveLength(0);
    for (const u of people)
      await expect
        .poll(() =>
          ["scheduleDefense", "moveDefense", "cancelDefense"].every((a) =>
            heard[u.id].some((e) => e.type === "thesis.changed" && e.thesisId === th.id && e.action === a),
          ),
        )
        .toBe(true);
    for (const stop of stops) stop?.();
  });

  it("a chair replaced in a move gets the cancellation; the new chair the invitation", async () => {
    const th = await submitted();
    const other = await makeCommittee(t);
    const made = await w.post(w.committee, `/api/theses/${th.id}/defense`, {
      startsAt: berlin("2027-04-06T14:00"),
      onlineUrl: "https://meet.example.edu/x",
      public: false,
      chairId: chair.id,
    });
    const id = made.json().defense.id as string;
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/defenses/${id}`,
      payload: { chairId: other.id },
      headers: sessionHeaders(w.committee),
    });
    expect(res.statusCode).toBe(200);
    const gone = (await attachments(chair.id, "defense.cancelDefense")).map((x) =>
      parse(x.attachment.content),
    );
    expect(gone.find((c) => c.events[0].uid.startsWith(`defense-${id}@`))).toMatchObject({
      method: "CANCEL",
    });
    const [invite] = await attachments(other.id, "defense.moveDefense");
    expect(parse(invite.attachment.content).events[0]).toMatchObject({ sequence: 1 });
  });
});

describe("the private feed", () => {
  it("lists the holder's defenses and deadlines; stores only the token's hash; renewal, deactivation and a password reset end the old link (404); the token is never logged", async () => {
    const th = await submitted();
    const writing = await w.writing();
    const [a] = th.students;
    await w.post(w.committee, `/api/theses/${th.id}/defense`, {
      startsAt: berlin("2027-03-27T10:00"),
      onlineUrl: "https://meet.example.edu/feed",
      public: false,
    });
    const url = await newFeed(a);
    const token = /\/api\/calendar\/feed\/([A-Za-z0-9_-]+)\.ics$/.exec(url)?.[1] ?? "";
    expect(token.length).toBeGreaterThanOrEqual(32);
    const [row] = await t.database.db
      .select()
      .from(calendarSettings)
      .where(eq(calendarSettings.userId, a.id));
    expect(row.feedTokenHash).toBe(feedTokenHash(token));
    expect(JSON.stringify(row)).not.toContain(token);

    const res = await feed(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/calendar");
    const mine = parse(res.body);
    expect(mine.method).toBe("PUBLISH");
    // Saturday 27 March 2027, the day before the change: 10:00 in Berlin is 09:00 UTC.
    expect(mine.events.find((e) => e.summary.startsWith("Defense:"))).toMatchObject({
      start: "2027-03-27T09:00:00.000Z",
    });

    // A member of a thesis being written: its due date. The examiner: the assessment due.
    const writer = parse((await feed(await newFeed(writing.students[0]))).body);
    expect(writer.events.find((e) => e.summary.startsWith("Thesis due:"))?.start).toBe(
      // iCalendar times are whole seconds.
      new Date(Math.floor(new Date(writing.dueAt).getTime() / 1000) * 1000).toISOString(),
    );
    const examiner = parse((await feed(await newFeed(w.examiner))).body);
    expect(examiner.events.some((e) => e.uid.startsWith(`assessment-due-${th.id}-second@`))).toBe(true);
    expect(examiner.events.some((e) => e.uid.startsWith(`assessment-due-${th.id}-first@`))).toBe(false);

    // Unknown, malformed: 404, without a session.
    expect(
      (await t.app.inject({ method: "GET", url: `/api/calendar/feed/${"x".repeat(43)}.ics` })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/api/calendar/feed/short.ics" })).statusCode).toBe(404);
    expect((await w.post(null, "/api/me/calendar-token")).statusCode).toBe(401);

    // Renewed: the old link is gone, the new one works.
    const renewed = await newFeed(a);
    expect((await feed(url)).statusCode).toBe(404);
    expect((await feed(renewed)).statusCode).toBe(200);
    expect((await w.get(a, "/api/me/calendar")).json()).toEqual({
      hasFeed: true,
      showNameOnPublicDefenses: false,
    });

    // A password reset revokes it.
    const sent = await w.post(w.committee, `/api/users/${a.id}/password-reset`);
    expect(sent.statusCode).toBe(200);
    const [mail] = await outboxFor(t, a.email, "account.password-reset");
    const reset = await t.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token: linkToken(mail.body), newPassword: "a-new-password-1" },
    });
    expect(reset.statusCode).toBe(200);
    expect((await feed(renewed)).statusCode).toBe(404);

    // Deactivation revokes it.
    const [b] = th.students.slice(1);
    const bUrl = await newFeed(b);
    expect((await feed(bUrl)).statusCode).toBe(200);
    expect((await w.post(w.committee, `/api/users/${b.id}/deactivate`)).statusCode).toBe(200);
    expect((await feed(bUrl)).statusCode).toBe(404);

    // Requests for the feed were logged, never with a token.
    const logged = lines.join("");
    expect(logged).toContain("/api/calendar/feed/[hidden]");
    for (const secret of [
      token,
      new URL(renewed).pathname.slice(19, -4),
      new URL(bUrl).pathname.slice(19, -4),
    ])
      expect(logged).not.toContain(secret);
  });
});

describe("the public feed and the listing consent", () => {
  it("lists public, active defenses with title, time and room; a student's name only when they agreed", async () => {
    const th = await submitted();
    const closed = await submitted();
    const cancelled = await submitted();
    // Proposed Private, and under embargo: never listed (DESIGN.md §18).
    const privately = await submitted();
    const embargoed = await submitted();
    await t.database.db
      .update(theses)
      .set({ proposedVisibility: "Private" })
      .where(eq(theses.id, privately.id));
    await t.database.db
      .update(theses)
      .set({ proposedVisibility: "Public", embargoUntil: new Date("2099-01-01T00:00:00Z") })
      .where(eq(theses.id, embargoed.id));
    const [yes, no] = th.students;
    const put = (u: TestUser | null, body: object) => w.send("PUT", u, "/api/me/listing-consent", body);
    expect((await put(yes, { showNameOnPublicDefenses: true })).json()).toEqual({
      hasFeed: false,
      showNameOnPublicDefenses: true,
    });
    expect((await put(no, { showNameOnPublicDefenses: "yes" })).statusCode).toBe(400);
    expect((await put(w.supervisor, { showNameOnPublicDefenses: true })).statusCode).toBe(403);
    expect((await put(null, { showNameOnPublicDefenses: true })).statusCode).toBe(401);

    const ids: Record<string, string> = {};
    for (const [key, thesis, isPublic, hour] of [
      ["public", th, true, 10],
      ["closed", closed, false, 12],
      ["cancelled", cancelled, true, 14],
      ["private", privately, true, 15],
      ["embargoed", embargoed, true, 16],
    ] as const) {
      const res = await w.post(w.committee, `/api/theses/${thesis.id}/defense`, {
        startsAt: berlin(`2027-05-03T${hour}:00`),
        onlineUrl: "https://meet.example.edu/p",
        public: isPublic,
      });
      expect(res.statusCode).toBe(201);
      ids[key] = res.json().defense.id;
    }
    expect((await w.send("DELETE", w.committee, `/api/defenses/${ids.cancelled}`)).statusCode).toBe(200);

    const res = await t.app.inject({ method: "GET", url: "/api/calendar/public.ics" });
    expect(res.statusCode).toBe(200);
    const pub = parse(res.body);
    const uidOf = (id: string) => `defense-${id}@${new URL(t.app.config.publicUrl).host}`;
    const listed = pub.events.find((e) => e.uid === uidOf(ids.public));
    expect(listed).toMatchObject({ start: "2027-05-03T08:00:00.000Z", description: yes.name });
    expect(listed?.description).not.toContain(no.name);
    // The online link is not published.
    expect(res.body).not.toContain("meet.example.edu");
    expect(pub.events.some((e) => e.uid === uidOf(ids.closed))).toBe(false);
    expect(pub.events.some((e) => e.uid === uidOf(ids.cancelled))).toBe(false);
    expect(pub.events.some((e) => e.uid === uidOf(ids.private))).toBe(false);
    expect(pub.events.some((e) => e.uid === uidOf(ids.embargoed))).toBe(false);
  });
});
