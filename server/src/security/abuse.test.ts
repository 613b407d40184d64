import { randomUUID } from "node:crypto";
import { MSG } from "@shared/messages";
import { SEARCH_TOO_SHORT } from "@shared/schemas/directory";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRows } from "../db/query";
import { LOGIN_LIMITS, REGISTER_LIMIT } from "../modules/auth/auth.service";
import { EVENTS_MSG } from "../modules/events/events.routes";
import { PROFILE_MSG } from "../modules/profile/profile.service";
import { createTestApp, makeStudent, makeSupervisor, PASSWORD, type TestContext, unique } from "../test/app";
import { makeCell } from "../test/factories";
import { connectEvents } from "../test/sse";

/**
 * DESIGN.md §13, tried as an attacker would, with real parallel requests on a listening server:
 * limits that hold under concurrency, nobody locked out by someone else, bounded live streams,
 * bounded searches and statements, ids in any case.
 */

let t: TestContext;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => t?.close());

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

describe("attempt limits are taken before the check, so a burst cannot slip past them", () => {
  it("50 simultaneous wrong passwords for one account: at most the limit are checked", async () => {
    const s = await makeStudent(t);
    const statuses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post("/api/auth/login", { email: s.email, password: `wrong-${i}-x` }),
      ),
    ).then((all) => all.map((r) => r.status));
    expect(count(statuses, 401)).toBe(LOGIN_LIMITS.perAddress);
    expect(count(statuses, 429)).toBe(50 - LOGIN_LIMITS.perAddress);
  });

  it("50 simultaneous wrong current passwords: at most 10 are checked, and nothing changes", async () => {
    const s = await makeStudent(t);
    const statuses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post(
          "/api/me/password",
          { currentPassword: `wrong-${i}-x`, newPassword: "a-new-password-1" },
          { cookie: s.cookie },
        ),
      ),
    ).then((all) => all.map((r) => r.status));
    expect(count(statuses, 400)).toBe(10);
    expect(count(statuses, 429)).toBe(40);
    const again = await post(
      "/api/me/password",
      { currentPassword: PASSWORD, newPassword: "a-new-password-1" },
      { cookie: s.cookie },
    );
    expect(again.status).toBe(429);
    expect((await again.json()).error.message).toBe(PROFILE_MSG.tooManyWrongPasswords);
    expect((await post("/api/auth/login", { email: s.email, password: PASSWORD })).status).toBe(200);
  });

  it("a right current password gives its attempt back", async () => {
    const s = await makeStudent(t);
    let cookie = s.cookie;
    let password = PASSWORD;
    for (let i = 0; i < 12; i++) {
      const next = `a-new-password-${i}`;
      const res = await post(
        "/api/me/password",
        { currentPassword: password, newPassword: next },
        { cookie },
      );
      expect(res.status, `change ${i}`).toBe(200);
      cookie = res.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      password = next;
    }
  });
});

describe("nobody can lock someone else out", () => {
  const login = (email: string, password: string, ip: string) =>
    t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password }, remoteAddress: ip });

  it("five wrong passwords from one address leave the owner's right password working from theirs", async () => {
    const victim = await makeStudent(t);
    for (let i = 0; i < LOGIN_LIMITS.perAddress; i++)
      expect((await login(victim.email, `guess-${i}-x`, "10.50.0.1")).statusCode).toBe(401);
    const attacker = await login(victim.email, PASSWORD, "10.50.0.1");
    expect(attacker.statusCode).toBe(429);
    expect(attacker.json().error.message).toBe(MSG.tooManyLogins);
    expect(Number(attacker.headers["retry-after"])).toBeGreaterThan(0);
    expect((await login(victim.email, PASSWORD, "10.50.0.2")).statusCode).toBe(200);
  });

  it("guessing from many addresses stops at the account's budget; the owner's own device still gets in", async () => {
    // Decision 0040: the account's earlier sign-in made this browser a known device.
    const victim = await makeStudent(t);
    const addresses = Array.from({ length: LOGIN_LIMITS.perAccount }, (_, i) => `10.51.${i}.1`);
    for (const [i, ip] of addresses.entries())
      expect((await login(victim.email, `guess-${i}-x`, ip)).statusCode).toBe(401);
    // Past the budget an unknown device is refused before any check, from any address, and told
    // what it can do…
    const refused = await login(victim.email, "one-more-guess-x", "10.52.0.1");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(/Forgot password/);
    expect((await login(victim.email, PASSWORD, "10.52.0.2")).statusCode).toBe(429);
    // …while the owner's device, which the guesses never touched, signs in.
    const own = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: victim.email, password: PASSWORD },
      remoteAddress: addresses[0],
      headers: { cookie: victim.cookie },
    });
    expect(own.statusCode).toBe(200);
  });
});

describe("registrations are limited per address", () => {
  const register = (i: number, ip: string, tag: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      remoteAddress: ip,
      payload: {
        name: `Classmate ${i}`,
        email: `${tag}-${i}@example.edu`,
        studentId: `${tag}-${i}`.toUpperCase(),
        password: PASSWORD,
      },
    });

  it("a classroom of 50 behind one address all register; a flood from it stops at the limit", async () => {
    const tag = unique("reg");
    const classroom = await Promise.all(Array.from({ length: 50 }, (_, i) => register(i, "10.60.0.1", tag)));
    expect(classroom.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
    const more = await Promise.all(
      Array.from({ length: REGISTER_LIMIT.max }, (_, i) => register(50 + i, "10.60.0.1", tag)),
    );
    expect(
      count(
        more.map((r) => r.statusCode),
        201,
      ),
    ).toBe(REGISTER_LIMIT.max - 50);
    const refused = more.find((r) => r.statusCode === 429)!;
    expect(refused.json().error.message).toBe(MSG.tooManyRegistrations);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // Nothing was made for the refused ones; another address registers as usual.
    const [{ n }] = await selectRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from users where email like ${`${tag}-%`}`,
    );
    expect(n).toBe(REGISTER_LIMIT.max);
    expect((await register(999, "10.60.0.2", tag)).statusCode).toBe(201);
  });
});

describe("live event streams are bounded", () => {
  it("a session holds at most 5: a sixth closes the oldest, which is told so", async () => {
    const s = await makeStudent(t);
    const streams = [];
    for (let i = 0; i < 5; i++) streams.push(await connectEvents(base, s.cookie));
    const sixth = await connectEvents(base, s.cookie);
    await streams[0].waitFor((e) => e.type === "replaced");
    await streams[0].ended;
    expect(t.app.events.connections).toBe(5);
    // The others still receive what is sent to the person.
    const supervisor = await makeSupervisor(t);
    const cell = await makeCell(t, [supervisor.id]);
    const other = await makeStudent(t);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/proposals",
      headers: { cookie: other.cookie },
      payload: {
        title: "Streams",
        abstract: "Five at a time.",
        type: "Thesis",
        researchCellId: cell.id,
        supervisorId: supervisor.id,
        memberIds: [s.id],
      },
    });
    expect(res.statusCode).toBe(201);
    for (const stream of [...streams.slice(1), sixth])
      await stream.waitFor((e) => e.type === "invitation.received");
    for (const stream of [...streams, sixth]) stream.close();
  });

  it("an instance past EVENTS_MAX_STREAMS answers 503 with Retry-After", async () => {
    const small = await createTestApp({ eventsMaxStreams: 2 });
    try {
      const url = await small.app.listen({ port: 0, host: "127.0.0.1" });
      const [a, b] = [await makeStudent(small), await makeStudent(small)];
      const open = [await connectEvents(url, a.cookie), await connectEvents(url, b.cookie)];
      const refused = await fetch(`${url}/api/events`, { headers: { cookie: a.cookie } });
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBe("30");
      expect((await refused.json()).error).toMatchObject({
        code: "SERVICE_UNAVAILABLE",
        message: EVENTS_MSG.tooManyStreams,
      });
      open[0].close();
      await open[0].ended;
      await expect.poll(() => small.app.events.connections).toBe(1);
      const back = await connectEvents(url, a.cookie);
      back.close();
      open[1].close();
    } finally {
      await small.close();
    }
  });
});

describe("searches and statements are bounded", () => {
  it("a member search needs at least 2 characters (none lists the first students)", async () => {
    const s = await makeStudent(t);
    const get = (q: string) =>
      t.app.inject({
        method: "GET",
        url: `/api/students?q=${encodeURIComponent(q)}`,
        headers: { cookie: s.cookie },
      });
    for (const q of ["a", " b ", "é"]) {
      const res = await get(q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error.fields).toEqual({ q: SEARCH_TOO_SHORT });
    }
    expect((await get("")).statusCode).toBe(200);
    expect((await get("ab")).statusCode).toBe(200);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "a statement that runs past statement_timeout ends in a clear 503, not a hang",
    async () => {
      const quick = await createTestApp({ statementTimeoutMs: 200 });
      const blocker = new pg.Client({ connectionString: quick.database.url });
      try {
        const s = await makeStudent(quick);
        // The session is checked (and kept) first; then someone holds the people table, so a
        // search of it would wait for ever.
        await quick.app.inject({ method: "GET", url: "/api/me", headers: { cookie: s.cookie } });
        await blocker.connect();
        await blocker.query("begin; lock table users in access exclusive mode");
        const res = await quick.app.inject({
          method: "GET",
          url: "/api/students?q=ab",
          headers: { cookie: s.cookie },
        });
        expect(res.statusCode).toBe(503);
        expect(res.json().error).toEqual({ code: "SERVICE_UNAVAILABLE", message: MSG.tooSlow });
        expect(res.headers["retry-after"]).toBe("5");
      } finally {
        await blocker.query("rollback").catch(() => {});
        await blocker.end().catch(() => {});
        await quick.close();
      }
    },
  );
});

describe("ids are compared in canonical form", () => {
  it("an upper-case UUID is the same id everywhere: never yourself twice, never a 500", async () => {
    const supervisor = await makeSupervisor(t);
    const cell = await makeCell(t, [supervisor.id]);
    const [me, mate] = [await makeStudent(t), await makeStudent(t)];
    const submit = (memberIds: string[]) =>
      t.app.inject({
        method: "POST",
        url: "/api/proposals",
        headers: { cookie: me.cookie },
        payload: {
          title: "Canonical ids",
          abstract: "Upper or lower, one id.",
          type: "Thesis",
          researchCellId: cell.id.toUpperCase(),
          supervisorId: supervisor.id.toUpperCase(),
          memberIds,
        },
      });
    const self = await submit([me.id.toUpperCase()]);
    expect(self.statusCode).toBe(400);
    expect(self.json().error.fields.memberIds).toMatch(/already in the group/);
    const twice = await submit([mate.id, mate.id.toUpperCase()]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.fields.memberIds).toBe("A group member is listed twice.");
    const made = await submit([mate.id.toUpperCase()]);
    expect(made.statusCode).toBe(201);
    const proposal = made.json().proposal;
    expect(proposal.members.map((m: { id: string }) => m.id)).toEqual([me.id, mate.id]);
    const byUpper = await t.app.inject({
      method: "GET",
      url: `/api/proposals/${proposal.id.toUpperCase()}`,
      headers: { cookie: mate.cookie },
    });
    expect(byUpper.statusCode).toBe(200);
    expect(byUpper.json().proposal.id).toBe(proposal.id);
    // A made-up id in any case is simply not found.
    const missing = await t.app.inject({
      method: "GET",
      url: `/api/proposals/${randomUUID().toUpperCase()}`,
      headers: { cookie: me.cookie },
    });
    expect(missing.statusCode).toBe(404);
  });
});
