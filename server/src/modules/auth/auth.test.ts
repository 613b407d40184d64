import { MSG } from "@shared/messages";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activity, users } from "../../db/schema";
import {
  cookieFrom,
  createTestApp,
  makeStudent,
  ORIGIN,
  PASSWORD,
  type TestContext,
  unique,
} from "../../test/app";
import { LOGIN_LIMITS } from "./auth.service";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const register = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url: "/api/auth/register", payload, headers });

function newStudent() {
  const tag = unique("reg");
  return {
    name: "Ada Lovelace",
    email: `${tag}@example.edu`,
    studentId: tag.toUpperCase(),
    password: PASSWORD,
  };
}

async function activityCount() {
  const [row] = await t.database.db.select({ n: count() }).from(activity);
  return Number(row.n);
}

async function userCount() {
  const [row] = await t.database.db.select({ n: count() }).from(users);
  return Number(row.n);
}

describe("POST /api/auth/register", () => {
  it("creates a student, signs them in and /api/me knows them", async () => {
    const input = newStudent();
    const res = await register(input);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.user).toMatchObject({
      name: "Ada Lovelace",
      email: input.email,
      role: "student",
      studentId: input.studentId,
    });
    const setCookie = String(res.headers["set-cookie"]);
    expect(setCookie).toMatch(/thesisdesk\.session_token=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);

    const me = await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie: cookieFrom(res) } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.id).toBe(body.user.id);

    // The committee's activity log has the registration, by the student, written with the account.
    const log = await t.database.db.select().from(activity).where(eq(activity.subjectId, body.user.id));
    expect(log).toEqual([
      expect.objectContaining({
        actorId: body.user.id,
        kind: "account",
        action: "register",
        subjectName: "Ada Lovelace",
        note: "Student",
      }),
    ]);
  });

  it("stores the email in lower case and refuses the same email in another case", async () => {
    const input = newStudent();
    const upper = { ...input, email: input.email.toUpperCase() };
    expect((await register(upper)).statusCode).toBe(201);
    const before = await userCount();
    const res = await register({ ...newStudent(), email: input.email.replace(/^./, (c) => c.toUpperCase()) });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: "CONFLICT",
      message: MSG.emailTaken,
      fields: { email: MSG.emailTaken },
    });
    expect(await userCount()).toBe(before);
  });

  it("refuses a duplicate student ID and creates nothing", async () => {
    const first = newStudent();
    expect((await register(first)).statusCode).toBe(201);
    const before = await userCount();
    const logged = await activityCount();
    const res = await register({ ...newStudent(), studentId: first.studentId });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.fields).toEqual({ studentId: MSG.studentIdTaken });
    expect(await userCount()).toBe(before);
    expect(await activityCount()).toBe(logged);
  });

  it("refuses a short password and a bad email, naming the field", async () => {
    const before = await userCount();
    const short = await register({ ...newStudent(), password: "short" });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields).toEqual({ password: MSG.passwordTooShort });

    const bad = await register({ ...newStudent(), email: "not-an-email" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ email: MSG.emailInvalid });
    expect(await userCount()).toBe(before);
  });

  it("names every missing field", async () => {
    const res = await register({});
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe("VALIDATION");
    expect(error.fields).toEqual({
      name: "Name is required.",
      email: "Email is required.",
      studentId: "Student ID is required.",
      password: "Password is required.",
    });
  });

  it("never lets a registration choose its role", async () => {
    const input = { ...newStudent(), role: "committee" };
    const res = await register(input);
    expect(res.statusCode).toBe(201);
    expect(res.json().user.role).toBe("student");
  });

  it("refuses a cross-site POST with 403 and creates nothing", async () => {
    const before = await userCount();
    const res = await register(newStudent(), {
      origin: "https://evil.example",
      "sec-fetch-site": "cross-site",
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(MSG.crossSite);
    const res2 = await register(newStudent(), { origin: "https://evil.example" });
    expect(res2.statusCode).toBe(403);
    expect(await userCount()).toBe(before);
    // The app's own origin passes.
    expect(
      (await register(newStudent(), { origin: ORIGIN, "sec-fetch-site": "same-origin" })).statusCode,
    ).toBe(201);
  });

  it("refuses an oversized body with 413", async () => {
    const res = await register({ ...newStudent(), name: "x".repeat(400_000) });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("refuses malformed JSON with 400 in the error shape", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("VALIDATION");
  });
});

describe("POST /api/auth/login", () => {
  const login = (email: string, password: string, ip = "10.1.1.1") =>
    t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password }, remoteAddress: ip });

  it("signs in with the right password (email in any case)", async () => {
    const s = await makeStudent(t);
    const res = await login(s.email.toUpperCase(), PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: s.id, role: "student" });
    expect(cookieFrom(res)).toMatch(/thesisdesk\.session_token=/);
  });

  it("says 'Invalid email or password.' for a wrong password and for an unknown email alike", async () => {
    const s = await makeStudent(t);
    const wrong = await login(s.email, "wrong-password", "10.1.1.2");
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe(MSG.invalidLogin);
    expect(wrong.headers["set-cookie"]).toBeUndefined();
    const unknown = await login(`${unique("nobody")}@example.edu`, "whatever1", "10.1.1.2");
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error.message).toBe(MSG.invalidLogin);
  });

  it("limits failed attempts per account and address; the right password from another address still works", async () => {
    const s = await makeStudent(t);
    for (let i = 0; i < LOGIN_LIMITS.perAddress; i++) {
      expect((await login(s.email, "wrong-password", "10.2.0.1")).statusCode).toBe(401);
    }
    const blocked = await login(s.email, PASSWORD, "10.2.0.1");
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toMatchObject({ code: "RATE_LIMITED", message: MSG.tooManyLogins });
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    // DESIGN.md §13: nobody can lock someone else out.
    expect((await login(s.email, PASSWORD, "10.2.0.99")).statusCode).toBe(200);
  });

  it("limits failed attempts per IP across accounts", async () => {
    const ip = "10.3.3.3";
    await t.database.db.execute(
      sql`insert into rate_limits (key, count, window_start) values (${`login:ip:${ip}`}, ${LOGIN_LIMITS.perIp}, now())`,
    );
    const s = await makeStudent(t);
    const res = await login(s.email, PASSWORD, ip);
    expect(res.statusCode).toBe(429);
    // Another address is not affected.
    expect((await login(s.email, PASSWORD, "10.3.3.4")).statusCode).toBe(200);
  });

  it("lets 50 students behind one address sign in within a minute", async () => {
    const students = await Promise.all(Array.from({ length: 50 }, () => makeStudent(t)));
    const ip = "10.4.4.4";
    // One typo each plus the right password: a classroom, not an attack.
    for (const s of students) {
      await login(s.email, "typo-password", ip);
      expect((await login(s.email, PASSWORD, ip)).statusCode).toBe(200);
    }
  });

  it("names missing fields", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: {} });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual(["email", "password"]);
  });
});

describe("logout and /api/me", () => {
  it("GET /api/me is 401 when signed out", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/me" });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe("UNAUTHENTICATED");
  });

  it("logout ends the session on the server", async () => {
    const s = await makeStudent(t);
    const out = await t.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { cookie: s.cookie },
    });
    expect(out.statusCode).toBe(200);
    // The old cookie no longer works, even if a client kept it.
    const me = await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie: s.cookie } });
    expect(me.statusCode).toBe(401);
  });

  it("logout when signed out is 401", async () => {
    expect((await t.app.inject({ method: "POST", url: "/api/auth/logout" })).statusCode).toBe(401);
  });

  it("a forged session cookie is ignored", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/me",
      headers: { cookie: "thesisdesk.session_token=forged.token" },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe("health and plumbing", () => {
  it("GET /api/health reports the database", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok", database: "up" });
  });

  it("sets security headers and a request id on every response", async () => {
    for (const url of ["/api/health", "/api/me", "/api/nope"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
      expect(res.headers["content-security-policy"]).toContain("script-src 'self'");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["x-request-id"]).toBeTruthy();
    }
  });

  it("unknown API routes answer 404 in the error shape", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/does-not-exist" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: "NOT_FOUND", message: MSG.notFound } });
  });

  it("serves the OpenAPI document", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths["/api/auth/register"]).toBeDefined();
  });
});

describe("accounts are not duplicated under concurrency", () => {
  it("two simultaneous registrations with one email: one 201, one 409", async () => {
    const input = newStudent();
    const [a, b] = await Promise.all([
      register(input),
      register({ ...input, studentId: `${input.studentId}X` }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const rows = await t.database.db.select().from(users).where(eq(users.email, input.email));
    expect(rows).toHaveLength(1);
  });
});
