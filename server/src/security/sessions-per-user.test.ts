import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../db/schema";
import { STREAMS_PER_SESSION, STREAMS_PER_USER } from "../lib/events";
import { SESSIONS_PER_USER } from "../plugins/auth";
import { cookieFrom, createTestApp, makeStudent, type TestContext, type TestUser } from "../test/app";
import { connectEvents } from "../test/sse";

/**
 * DESIGN.md §21: one person cannot take every live-event slot. Their streams on an instance are
 * limited whatever their sessions, and their sessions are bounded (a new one ends the oldest,
 * whose streams end and whose cookie then answers 401), also under simultaneous logins.
 */

let t: TestContext;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => t?.close());

/**
 * A new session of the person, through the real login route; simultaneous ones come from addresses
 * of their own, as the login limit per account and address would otherwise hold them back.
 */
async function login(user: TestUser, from = "10.28.5.1"): Promise<string> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email: user.email, password: user.password },
    remoteAddress: from,
  });
  expect(res.statusCode, res.body).toBe(200);
  return cookieFrom(res);
}
/** A session made by better-auth's own sign-in, as the login route's would be, without its limits. */
async function signInDirectly(user: TestUser): Promise<string> {
  const result = await t.app.auth.api.signInEmail({
    body: { email: user.email, password: user.password },
    headers: new Headers(),
    returnHeaders: true,
  });
  return result.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}
const me = (cookie: string) => t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } });
const sessionCount = async (userId: string) =>
  (await t.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))).length;

describe("live streams are limited per person as well as per session", () => {
  it(`streams over several sessions stop at ${STREAMS_PER_USER}: the next closes the person's oldest`, async () => {
    const s = await makeStudent(t);
    const other = await makeStudent(t);
    const theirs = await connectEvents(base, other.cookie);
    const cookies = [s.cookie, await login(s), await login(s)];
    // Within every session's own limit: spread over the three.
    const streams = [];
    for (let i = 0; i < STREAMS_PER_USER; i++)
      streams.push(await connectEvents(base, cookies[i % cookies.length]));
    expect(STREAMS_PER_USER / cookies.length).toBeLessThanOrEqual(STREAMS_PER_SESSION);
    const before = t.app.events.connections;

    const next = await connectEvents(base, cookies[2]);
    await streams[0].waitFor((e) => e.type === "replaced", 5_000);
    await streams[0].ended;
    expect(t.app.events.connections).toBe(before);
    // The newest still works, and someone else's stream was not touched.
    expect(next.received.some((e) => e.type === "replaced")).toBe(false);
    expect(theirs.received).toEqual([]);
    for (const stream of [...streams, next, theirs]) stream.close();
  });
});

describe(`a person holds at most ${SESSIONS_PER_USER} sessions`, () => {
  it("many logins one after another leave exactly the bound: the newest works, the oldest answers 401 and its stream ends", async () => {
    const s = await makeStudent(t);
    // The first session is in use (cached by the instance) and has a live stream.
    expect((await me(s.cookie)).statusCode).toBe(200);
    const stream = await connectEvents(base, s.cookie);
    const cookies = [s.cookie];
    for (let i = 0; i < SESSIONS_PER_USER * 4; i++) cookies.push(await login(s));

    expect(await sessionCount(s.id)).toBe(SESSIONS_PER_USER);
    await stream.ended;
    expect((await me(cookies[0])).statusCode).toBe(401);
    expect((await me(cookies[cookies.length - SESSIONS_PER_USER - 1])).statusCode).toBe(401);
    for (const cookie of cookies.slice(-SESSIONS_PER_USER)) expect((await me(cookie)).statusCode).toBe(200);
  });

  it("30 simultaneous sign-ins of one account leave the bound", async () => {
    const s = await makeStudent(t);
    // Straight through better-auth's sign-in, which every way of signing in ends in: 30 at once
    // through the login route would meet the login limits, which take each attempt before its check.
    const cookies = await Promise.all(Array.from({ length: 30 }, () => signInDirectly(s)));
    expect(await sessionCount(s.id)).toBe(SESSIONS_PER_USER);
    const working = (await Promise.all(cookies.map(me))).filter((r) => r.statusCode === 200);
    expect(working.length).toBe(SESSIONS_PER_USER);
  });
});
