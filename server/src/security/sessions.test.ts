import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { MSG } from "@shared/messages";
import { count, eq } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import {
  messages,
  notices,
  proposalMembers,
  proposals,
  researchCells,
  sessions,
  supervisorCells,
  users,
} from "../db/schema";
import { LOGIN_LIMITS } from "../modules/auth/auth.service";
import {
  cookieFrom,
  createTestApp,
  makeCommittee,
  makeStudent,
  makeSupervisor,
  ORIGIN,
  openTestDatabase,
  PASSWORD,
  sessionHeaders,
  type TestContext,
  type TestUser,
  testConfig,
} from "../test/app";
import { makeCell, makeProposal } from "../test/factories";

/**
 * Sessions and abuse: a session ends on logout and on a password change (the others too), the
 * cookie is out of scripts' reach, guessing is slowed whatever a client claims its address is,
 * other sites cannot make a signed-in browser change anything, and every answer carries the
 * security headers.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

let baseUrl: Promise<string> | undefined;
/** The app on a real socket (once), for the event stream and what Node refuses before Fastify. */
const listening = () => {
  baseUrl ??= t.app.listen({ port: 0, host: "127.0.0.1" });
  return baseUrl;
};

const me = (cookie: string, app: FastifyInstance = t.app) =>
  app.inject({ method: "GET", url: "/api/me", headers: { cookie } });
const login = (email: string, password: string, headers: Record<string, string> = {}, ip = "10.20.0.1") =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email, password },
    headers,
    remoteAddress: ip,
  });

function setCookies(res: LightMyRequestResponse): string[] {
  const raw = res.headers["set-cookie"];
  return Array.isArray(raw) ? raw : raw ? [raw] : [];
}
const sessionCookie = (res: LightMyRequestResponse) =>
  setCookies(res).find((c) => /thesisdesk\.session_token=/.test(c));

async function sessionRows(userId: string) {
  return t.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
}

describe("a session ends", () => {
  it("on logout: the cookie is cleared, the session row is gone, and the old cookie no longer works", async () => {
    const s = await makeStudent(t);
    const other = cookieFrom(await login(s.email, PASSWORD));
    expect((await me(s.cookie)).statusCode).toBe(200);
    expect(await sessionRows(s.id)).toHaveLength(2);

    const out = await t.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { cookie: s.cookie },
    });
    expect(out.statusCode).toBe(200);
    // The browser is told to drop the cookie.
    expect(sessionCookie(out)).toMatch(/thesisdesk\.session_token=;|Max-Age=0/i);
    expect((await me(s.cookie)).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: { cookie: s.cookie } }))
        .statusCode,
    ).toBe(401);
    // Only this session ended: the same person on another device stays signed in.
    expect(await sessionRows(s.id)).toHaveLength(1);
    expect((await me(other)).statusCode).toBe(200);
  });

  it("on a password change: every other session ends, this browser stays signed in", async () => {
    const s = await makeSupervisor(t);
    const laptop = cookieFrom(await login(s.email, PASSWORD));
    const phone = cookieFrom(await login(s.email, PASSWORD));
    for (const c of [s.cookie, laptop, phone]) expect((await me(c)).statusCode).toBe(200);

    const res = await t.app.inject({
      method: "POST",
      url: "/api/me/password",
      headers: { cookie: s.cookie },
      payload: { currentPassword: PASSWORD, newPassword: "a-brand-new-password" },
    });
    expect(res.statusCode).toBe(200);
    // The browser that changed it keeps going with the cookie it was just given.
    const renewed = cookieFrom(res);
    expect((await me(renewed)).statusCode).toBe(200);
    expect(await sessionRows(s.id)).toHaveLength(1);
    for (const c of [laptop, phone, s.cookie]) expect((await me(c)).statusCode).toBe(401);
    // A stolen old cookie cannot be used to change anything either.
    const stale = await t.app.inject({
      method: "PATCH",
      url: "/api/me",
      headers: { cookie: laptop },
      payload: { name: "Hijacked" },
    });
    expect(stale.statusCode).toBe(401);
    const [row] = await t.database.db.select({ name: users.name }).from(users).where(eq(users.id, s.id));
    expect(row.name).toBe(s.name);
  });

  it("signing in always starts a new session: a cookie planted before login is never promoted", async () => {
    const s = await makeStudent(t);
    const planted = "thesisdesk.session_token=planted-by-attacker.c2lnbmF0dXJl";
    const res = await login(s.email, PASSWORD, { cookie: planted });
    expect(res.statusCode).toBe(200);
    const fresh = cookieFrom(res);
    expect(fresh).not.toContain("planted-by-attacker");
    expect(fresh).not.toBe(s.cookie);
    expect((await me(planted)).statusCode).toBe(401);
    expect((await me(fresh)).statusCode).toBe(200);
  });

  it("its live event stream closes at once on logout or on a password change elsewhere", async () => {
    const base = await listening();
    /** Opens GET /api/events and resolves with how long it stayed open after `since()` (or null: still open). */
    async function openStream(cookie: string) {
      const controller = new AbortController();
      const res = await fetch(`${base}/api/events`, { headers: { cookie }, signal: controller.signal });
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      const ended = (async () => {
        try {
          while (!(await reader.read()).done) {}
          return true;
        } catch {
          return false;
        }
      })();
      return {
        endsWithin: (ms: number) =>
          Promise.race([ended, new Promise<boolean>((r) => setTimeout(() => r(false), ms))]),
        close: () => controller.abort(),
      };
    }

    const s = await makeStudent(t);
    const laptop = cookieFrom(await login(s.email, PASSWORD));
    const phone = cookieFrom(await login(s.email, PASSWORD));
    const [main, onLaptop, onPhone] = await Promise.all([
      openStream(s.cookie),
      openStream(laptop),
      openStream(phone),
    ]);

    // Logging out on the laptop ends the laptop's stream, and only that one.
    const out = await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: { cookie: laptop } });
    expect(out.statusCode).toBe(200);
    expect(await onLaptop.endsWithin(3000)).toBe(true);
    expect(await onPhone.endsWithin(300)).toBe(false);

    // A password change in the main browser ends the phone's stream too.
    const changed = await t.app.inject({
      method: "POST",
      url: "/api/me/password",
      headers: { cookie: s.cookie },
      payload: { currentPassword: PASSWORD, newPassword: "a-brand-new-password" },
    });
    expect(changed.statusCode).toBe(200);
    expect(await onPhone.endsWithin(3000)).toBe(true);
    for (const stream of [main, onLaptop, onPhone]) stream.close();
  });

  it("a wrong current password changes nothing and ends no session", async () => {
    const s = await makeStudent(t);
    const other = cookieFrom(await login(s.email, PASSWORD));
    const res = await t.app.inject({
      method: "POST",
      url: "/api/me/password",
      headers: { cookie: s.cookie },
      payload: { currentPassword: "not-my-password", newPassword: "a-brand-new-password" },
    });
    expect(res.statusCode).toBe(400);
    expect(setCookies(res)).toEqual([]);
    for (const c of [s.cookie, other]) expect((await me(c)).statusCode).toBe(200);
  });
});

describe("a cookie planted in the browser never lends anyone else's session", () => {
  // Cookie tossing: a sibling subdomain (or plain http) can add cookies to a victim's browser,
  // under a look-alike name or, behind https, under the name without the __Secure- prefix.
  // Whatever the victim's browser then sends, the attacker's own cookie must stay theirs.
  const meAs = async (app: FastifyInstance, cookie: string) => {
    const res = await me(cookie, app);
    return res.statusCode === 200 ? (res.json().user.name as string) : res.statusCode;
  };

  async function expectNoLending(app: FastifyInstance, victim: string, attacker: string, secure: boolean) {
    const [name, value] = attacker.split(/=(.*)/s);
    const plain = name.replace("__Secure-", "");
    const tossed = [
      `x${plain}=${value}`,
      `${plain}x=${value}`,
      `${name}_=${value}`,
      `other=${plain}=${value}`,
      ...(secure ? [`${plain}=${value}`] : []),
    ];
    const madeUp = "made-up-token.c2lnbmF0dXJlLW5vdC1yZWFs";
    for (const planted of [...tossed, ...tossed.map((c) => c.replace(value, madeUp))]) {
      // The victim's browser sends the planted cookie first, then its own; several reads and a write.
      for (const method of ["GET", "GET", "PATCH"] as const) {
        const res = await app.inject({
          method,
          url: "/api/me",
          headers: { cookie: `${planted}; ${victim}` },
          payload: method === "PATCH" ? { name: "Victim" } : undefined,
        });
        expect(res.statusCode, planted).toBe(200);
        expect(res.json().user.name, planted).toBe("Victim");
      }
      // The attacker then presents the planted value alone, under the session cookie's names.
      const own = planted.includes(value);
      for (const cookieName of new Set([name, plain])) {
        const who = await meAs(app, `${cookieName}=${own ? value : madeUp}`);
        expect(who, `planted ${planted}, then ${cookieName}`).not.toBe("Victim");
        expect(who, `planted ${planted}, then ${cookieName}`).toBe(
          own && cookieName === name ? "Attacker" : 401,
        );
      }
    }
  }

  it("over http (cookies by look-alike names)", async () => {
    const victim = await makeStudent(t, { name: "Victim" });
    const attacker = await makeStudent(t, { name: "Attacker" });
    await expectNoLending(t.app, victim.cookie, attacker.cookie, false);
  });

  it("two cookies under the session's own name: neither is trusted, the request is signed out", async () => {
    const victim = await makeStudent(t, { name: "Victim" });
    const attacker = await makeStudent(t, { name: "Attacker" });
    for (const header of [`${attacker.cookie}; ${victim.cookie}`, `${victim.cookie}; ${attacker.cookie}`]) {
      expect(await meAs(t.app, header)).toBe(401);
      const write = await t.app.inject({
        method: "PATCH",
        url: "/api/me",
        headers: { cookie: header },
        payload: { name: "Mixed Up" },
      });
      expect(write.statusCode).toBe(401);
    }
    expect(await meAs(t.app, victim.cookie)).toBe("Victim");
    expect(await meAs(t.app, attacker.cookie)).toBe("Attacker");
  });

  it("behind https (a plain-named cookie next to the __Secure- one)", async () => {
    const { database, drop } = await openTestDatabase();
    const app = await buildApp({
      config: testConfig({ publicUrl: "https://thesisdesk.example" }),
      database,
      logger: false,
      clientDir: "/nonexistent-client-build",
    });
    await app.ready();
    try {
      const register = async (name: string) => {
        const tag = randomUUID().slice(0, 8);
        const res = await app.inject({
          method: "POST",
          url: "/api/auth/register",
          payload: { name, email: `${tag}@example.edu`, studentId: `T${tag}`, password: PASSWORD },
        });
        expect(res.statusCode).toBe(201);
        return cookieFrom(res);
      };
      const victim = await register("Victim");
      const attacker = await register("Attacker");
      expect(attacker).toMatch(/^__Secure-/);
      await expectNoLending(app, victim, attacker, true);
    } finally {
      await app.close();
      await drop();
    }
  });
});

describe("the session cookie", () => {
  function expectSafeCookie(cookie: string | undefined, secure: boolean) {
    expect(cookie).toBeDefined();
    const attrs = cookie!.split(";").map((a) => a.trim().toLowerCase());
    expect(attrs).toContain("httponly");
    expect(attrs).toContain("samesite=lax");
    expect(attrs).toContain("path=/");
    expect(attrs.some((a) => a.startsWith("domain="))).toBe(false);
    expect(attrs.includes("secure")).toBe(secure);
  }

  it("is HttpOnly and SameSite=Lax on every answer that sets it (login, register, password change)", async () => {
    const s = await makeStudent(t);
    expectSafeCookie(sessionCookie(await login(s.email, PASSWORD)), false);
    const tag = randomUUID().slice(0, 8);
    const reg = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { name: "New One", email: `${tag}@example.edu`, studentId: `R${tag}`, password: PASSWORD },
    });
    expect(reg.statusCode).toBe(201);
    expectSafeCookie(sessionCookie(reg), false);
    const changed = await t.app.inject({
      method: "POST",
      url: "/api/me/password",
      headers: { cookie: s.cookie },
      payload: { currentPassword: PASSWORD, newPassword: "another-password-1" },
    });
    expect(changed.statusCode).toBe(200);
    expectSafeCookie(sessionCookie(changed), false);
  });

  it("is also Secure (and __Secure- named) when PUBLIC_URL is https, and still works", async () => {
    const { database, drop } = await openTestDatabase();
    const app = await buildApp({
      config: testConfig({ publicUrl: "https://thesisdesk.example" }),
      database,
      logger: false,
      clientDir: "/nonexistent-client-build",
    });
    await app.ready();
    try {
      const tag = randomUUID().slice(0, 8);
      const reg = await app.inject({
        method: "POST",
        url: "/api/auth/register",
        payload: {
          name: "Secure One",
          email: `${tag}@example.edu`,
          studentId: `S${tag}`,
          password: PASSWORD,
        },
        headers: { origin: "https://thesisdesk.example", "sec-fetch-site": "same-origin" },
      });
      expect(reg.statusCode).toBe(201);
      const cookie = sessionCookie(reg);
      expectSafeCookie(cookie, true);
      expect(cookie).toMatch(/^__Secure-thesisdesk\.session_token=/);
      expect((await me(cookieFrom(reg), app)).statusCode).toBe(200);
      // Its own origin may change things; another site may not.
      const rename = (origin: string) =>
        app.inject({
          method: "PATCH",
          url: "/api/me",
          headers: { cookie: cookieFrom(reg), origin },
          payload: { name: "Renamed" },
        });
      expect((await rename("https://thesisdesk.example")).statusCode).toBe(200);
      expect((await rename("http://thesisdesk.example")).statusCode).toBe(403);
      expect((await rename("https://evil.example")).statusCode).toBe(403);
    } finally {
      await app.close();
      await drop();
    }
  });
});

describe("login rate limits cannot be dodged by claiming another address", () => {
  it("per IP: rotating X-Forwarded-For (and the glue's own header) still counts one address", async () => {
    const ip = "10.30.0.1";
    for (let i = 0; i < LOGIN_LIMITS.perIp; i++) {
      const res = await login(
        `nobody-${i}-${randomUUID().slice(0, 6)}@example.edu`,
        "wrong-password",
        {
          "x-forwarded-for": `203.0.113.${i % 250}`,
          "x-real-ip": `198.51.100.${i % 250}`,
          "x-thesisdesk-client-ip": `192.0.2.${i % 250}`,
        },
        ip,
      );
      expect(res.statusCode).toBe(401);
    }
    const s = await makeStudent(t);
    const blocked = await login(s.email, PASSWORD, { "x-forwarded-for": "203.0.113.250" }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe("RATE_LIMITED");
    // Another real address is not affected.
    expect((await login(s.email, PASSWORD, {}, "10.30.0.2")).statusCode).toBe(200);
  }, 60_000);

  it("per account: guesses from many addresses use up the account's budget; the owner's device still gets in", async () => {
    const s = await makeStudent(t);
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i++)
      expect((await login(s.email.toUpperCase(), `guess-${i}-x`, {}, `10.31.0.${i + 1}`)).statusCode).toBe(
        401,
      );
    // Decision 0040: past it an unknown device is refused unchecked from any address, clean or not.
    const res = await login(s.email, `guess-again-x`, { "x-forwarded-for": "10.31.9.9" }, "10.31.1.1");
    expect(res.statusCode).toBe(429);
    expect(res.json().error.message).toBe(MSG.tooManyLoginsForAccount(10));
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    expect((await login(s.email, PASSWORD, { cookie: s.cookie }, "10.31.1.1")).statusCode).toBe(200);
  });
});

// ── cross-site requests ──────────────────────────────────────────────────────

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);
const isDocumentation = (url: string) => url === "/api/openapi.json" || url.startsWith("/api/docs");

async function snapshot() {
  const db = t.database.db;
  const n = async (table: PgTable) => Number((await db.select({ n: count() }).from(table))[0].n);
  return {
    users: await n(users),
    sessions: await n(sessions),
    cells: await n(researchCells),
    assignments: await n(supervisorCells),
    proposals: await n(proposals),
    members: await n(proposalMembers),
    notices: await n(notices),
    messages: await n(messages),
    names: (await db.select({ name: users.name }).from(users).orderBy(users.id)).map((r) => r.name).join("|"),
    statuses: (await db.select({ s: proposals.status }).from(proposals).orderBy(proposals.id))
      .map((r) => r.s)
      .join("|"),
  };
}

describe("cross-site state changes are refused on every mutating route", () => {
  let people: TestUser[];
  let ids: Record<string, string>;

  beforeAll(async () => {
    const [student, member, supervisor, committee] = await Promise.all([
      makeStudent(t),
      makeStudent(t),
      makeSupervisor(t),
      makeCommittee(t),
    ]);
    const cell = await makeCell(t, [supervisor.id]);
    const p = await makeProposal(t, {
      supervisorId: supervisor.id,
      cellId: cell.id,
      memberIds: [student.id, member.id],
    });
    people = [student, supervisor, committee];
    ids = { id: p.id, cellId: cell.id, file: `${randomUUID()}.webp` };
  });

  /** A body each route would accept from the right person: the refusal must come first. */
  const BODY: Record<string, object> = {
    "/api/auth/register": { name: "X", email: "x@example.edu", studentId: "X1", password: PASSWORD },
    "/api/auth/login": { email: "x@example.edu", password: PASSWORD },
    "/api/setup": { token: "t", name: "X", email: "x@example.edu", password: PASSWORD },
    "/api/me": { name: "Changed By Evil" },
    "/api/me/notifications": { emailNotifications: false },
    "/api/me/password": { currentPassword: PASSWORD, newPassword: "evil-password-1" },
    "/api/research-cells": { title: "Evil cell", description: "Evil." },
    "/api/research-cells/:id": { title: "Evil cell", description: "Evil." },
    "/api/users": { role: "committee", name: "Evil", email: "evil@example.edu", password: PASSWORD },
    "/api/proposals/:id/review": { status: "Denied", feedback: "Evil." },
    "/api/notices": { proposalId: randomUUID(), title: "Evil", description: "Evil." },
    "/api/proposals/:id/messages": { body: "Evil." },
  };

  const mutating = () =>
    t.app.routeList.filter(
      (r) => r.url.startsWith("/api/") && !isDocumentation(r.url) && !SAFE.has(r.method),
    );

  const CROSS_SITE: Record<string, string>[] = [
    { origin: "https://evil.example" },
    { "sec-fetch-site": "cross-site" },
    { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    { origin: "null" },
    { origin: "http://localhost:3000.evil.example" },
    { "sec-fetch-site": "same-site", origin: "https://sub.localhost:3000" },
    // Looks like ours, but a different scheme is a different origin.
    { origin: ORIGIN.replace("http://", "https://"), "sec-fetch-site": "cross-site" },
  ];

  it("with a foreign Origin or Sec-Fetch-Site, whoever is signed in: 403 and nothing changes", async () => {
    const routes = mutating();
    expect(routes.length).toBeGreaterThan(15);
    const before = await snapshot();
    for (const route of routes) {
      const url = route.url.replace(/:(\w+)/g, (_, k: string) => ids[k]);
      const body = BODY[route.url] ?? {};
      for (const user of [undefined, ...people]) {
        for (const headers of CROSS_SITE) {
          const res = await t.app.inject({
            method: route.method as "POST",
            url,
            payload: route.url === "/api/me/picture" ? undefined : body,
            headers: { ...headers, ...sessionHeaders(user) },
          });
          const what = `${route.method} ${route.url} as ${user?.role ?? "signed out"} with ${JSON.stringify(headers)}`;
          expect(res.statusCode, what).toBe(403);
          expect(res.json().error, what).toEqual({ code: "FORBIDDEN", message: MSG.crossSite });
        }
      }
    }
    expect(await snapshot()).toEqual(before);
    // The cross-site logout above ended nobody's session.
    for (const user of people) expect((await me(user.cookie)).statusCode).toBe(200);
  });

  it("the app's own pages and non-browser clients pass the check", async () => {
    for (const route of mutating()) {
      const url = route.url.replace(/:(\w+)/g, (_, k: string) => ids[k]);
      for (const headers of [
        { origin: ORIGIN, "sec-fetch-site": "same-origin" },
        { origin: ORIGIN },
        { "sec-fetch-site": "same-origin" },
        { "sec-fetch-site": "none" },
        {},
      ]) {
        // Signed out, so nothing is changed: the answer is whatever the route says, never the cross-site refusal.
        const res = await t.app.inject({
          method: route.method as "POST",
          url,
          payload: route.url === "/api/me/picture" ? undefined : { nothing: true },
          headers,
        });
        const what = `${route.method} ${route.url} with ${JSON.stringify(headers)}`;
        if (res.statusCode === 403) expect(res.json().error.message, what).not.toBe(MSG.crossSite);
      }
    }
  });

  it("a simple cross-site form (text/plain or urlencoded) gets no further", async () => {
    const [student] = people;
    const before = await snapshot();
    for (const [type, payload] of [
      ["text/plain", '{"name":"Changed By Evil"}'],
      ["application/x-www-form-urlencoded", "name=Changed+By+Evil"],
    ]) {
      const res = await t.app.inject({
        method: "PATCH",
        url: "/api/me",
        headers: { cookie: student.cookie, "content-type": type, origin: "https://evil.example" },
        payload,
      });
      expect(res.statusCode).toBe(403);
      // Even without the origin headers (an old browser), a form body is not JSON: 415.
      const bare = await t.app.inject({
        method: "PATCH",
        url: "/api/me",
        headers: { cookie: student.cookie, "content-type": type },
        payload,
      });
      expect(bare.statusCode).toBe(415);
    }
    expect(await snapshot()).toEqual(before);
  });
});

// ── security headers ─────────────────────────────────────────────────────────

function expectSecurityHeaders(headers: Record<string, unknown>, what: string) {
  const csp = String(headers["content-security-policy"] ?? "");
  const directives = new Map(
    csp
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name, values]),
  );
  expect(directives.get("script-src"), `${what}: ${csp}`).toEqual(["'self'"]);
  expect(directives.get("frame-ancestors"), what).toEqual(["'none'"]);
  expect(directives.get("object-src"), what).toEqual(["'none'"]);
  expect(directives.get("default-src"), what).toEqual(["'self'"]);
  expect(headers["x-content-type-options"], what).toBe("nosniff");
  expect(headers["x-frame-options"], what).toBe("DENY");
  expect(String(headers["referrer-policy"] ?? ""), what).toMatch(
    /^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/,
  );
}

describe("security headers on every answer", () => {
  it("every route, for every kind of caller, whatever the status", async () => {
    const [student, supervisor, committee] = await Promise.all([
      makeStudent(t),
      makeSupervisor(t),
      makeCommittee(t),
    ]);
    const statuses = new Set<number>();
    // Logout last: it ends the sessions used for every other route.
    const routes = t.app.routeList
      .filter((r) => r.url !== "/api/events")
      .sort((a, b) => Number(a.url === "/api/auth/logout") - Number(b.url === "/api/auth/logout"));
    expect(routes.length).toBeGreaterThan(30);
    for (const route of routes) {
      const url = route.url.replace(/:(\w+)/g, () => randomUUID()).replace("*", "x.js");
      for (const cookie of [undefined, student.cookie, supervisor.cookie, committee.cookie]) {
        for (const payload of SAFE.has(route.method) ? [undefined] : [{}, "{broken"]) {
          const res = await t.app.inject({
            method: route.method as "POST",
            url,
            payload,
            headers: {
              ...(cookie ? { cookie } : {}),
              ...(typeof payload === "string" ? { "content-type": "application/json" } : {}),
            },
            remoteAddress: "10.40.0.1",
          });
          statuses.add(res.statusCode);
          expectSecurityHeaders(res.headers, `${route.method} ${url} → ${res.statusCode}`);
          if (url.startsWith("/api/") && !isDocumentation(url))
            expect(res.headers["cache-control"], `${route.method} ${url}`).toBe("no-store");
        }
      }
    }
    // The walk met successes and refusals alike.
    for (const s of [200, 400, 401, 403, 404]) expect(statuses).toContain(s);
  }, 120_000);

  it("refusals that never reach a route: unknown address, bad address, too large, wrong type, cross-site, bad HTTP", async () => {
    const s = await makeStudent(t);
    const cases = [
      { method: "GET", url: "/api/no-such-route" },
      { method: "DELETE", url: "/api/me" },
      { method: "GET", url: "/api/proposals/%E0%A4%A" },
      { method: "GET", url: `/api/proposals/${"a".repeat(300)}` },
      { method: "PATCH", url: "/api/me", payload: { name: "x".repeat(400_000) } },
      { method: "PATCH", url: "/api/me", payload: "name=x", type: "application/x-www-form-urlencoded" },
      { method: "PATCH", url: "/api/me", payload: { name: "x" }, origin: "https://evil.example" },
    ] as const;
    for (const c of cases) {
      const res = await t.app.inject({
        method: c.method,
        url: c.url,
        payload: "payload" in c ? c.payload : undefined,
        headers: {
          cookie: s.cookie,
          ...("type" in c ? { "content-type": c.type } : {}),
          ...("origin" in c ? { origin: c.origin } : {}),
        },
      });
      expect(res.statusCode, c.url).toBeGreaterThanOrEqual(400);
      expectSecurityHeaders(res.headers, `${c.method} ${c.url.slice(0, 60)} → ${res.statusCode}`);
      expect(res.headers["x-request-id"], c.url).toBeTruthy();
    }

    // Over a real socket: the event stream, and requests Node refuses before Fastify sees them.
    const base = await listening();
    const controller = new AbortController();
    const stream = await fetch(`${base}/api/events`, {
      headers: { cookie: s.cookie },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    expectSecurityHeaders(Object.fromEntries(stream.headers), "event stream");
    controller.abort();
    const overflow = await fetch(`${base}/api/health`, { headers: { "x-padding": "y".repeat(20_000) } });
    expect(overflow.status).toBe(431);
    expectSecurityHeaders(Object.fromEntries(overflow.headers), "header overflow");
    expect(await overflow.json()).toEqual({
      error: { code: "PAYLOAD_TOO_LARGE", message: expect.any(String) },
    });
    // Not HTTP at all.
    const { port } = new URL(base);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), "127.0.0.1", () => socket.write("NOT HTTP AT ALL\r\n\r\n"));
      let text = "";
      socket.on("data", (d) => {
        text += d;
      });
      socket.on("close", () => resolve(text));
      socket.on("error", reject);
    });
    const [head, rawBody] = raw.split("\r\n\r\n");
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    const rawHeaders = Object.fromEntries(
      head
        .split("\r\n")
        .slice(1)
        .map((line) => [
          line.slice(0, line.indexOf(":")).toLowerCase(),
          line.slice(line.indexOf(":") + 1).trim(),
        ]),
    );
    expectSecurityHeaders(rawHeaders, "not HTTP");
    expect(JSON.parse(rawBody)).toEqual({ error: { code: "VALIDATION", message: expect.any(String) } });
  });

  it("the SPA's HTML and assets, and HSTS behind an https proxy", async () => {
    const clientDir = mkdtempSync(path.join(tmpdir(), "thesisdesk-client-"));
    mkdirSync(path.join(clientDir, "assets"));
    writeFileSync(
      path.join(clientDir, "index.html"),
      '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(path.join(clientDir, "assets", "app.js"), "console.log('app');");
    const { database, drop } = await openTestDatabase();
    const app = await buildApp({
      config: testConfig({ publicUrl: "https://thesisdesk.example", trustProxy: 1 }),
      database,
      logger: false,
      clientDir,
    });
    await app.ready();
    try {
      for (const url of [
        "/",
        "/login",
        "/student/dashboard",
        "/no/such/page",
        "/assets/app.js",
        "/api/nope",
      ]) {
        for (const method of ["GET", "HEAD"] as const) {
          const res = await app.inject({ method, url });
          expectSecurityHeaders(res.headers, `${method} ${url} → ${res.statusCode}`);
          if (url !== "/api/nope") expect(res.statusCode, url).toBe(200);
        }
      }
      const html = await app.inject({ method: "GET", url: "/student/dashboard" });
      expect(html.headers["content-type"]).toMatch(/^text\/html/);
      expect(html.body).toContain('<div id="root">');
      // Behind a TLS-terminating proxy the answer also pins HTTPS.
      const viaProxy = await app.inject({
        method: "GET",
        url: "/",
        headers: { "x-forwarded-proto": "https" },
      });
      expect(viaProxy.headers["strict-transport-security"]).toMatch(/max-age=\d{7,}/);
    } finally {
      await app.close();
      await drop();
      rmSync(clientDir, { recursive: true, force: true });
    }
  });
});
