import { MSG } from "@shared/messages";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../db/schema";
import { createTestApp, makeCommittee, makeStudent, PASSWORD, type TestContext } from "../test/app";

/**
 * Issue 30, item 7 (decision 0054): a request that brings a session which has ended — revoked by a
 * new password or a deactivation, expired, or never valid — is told so (401 SESSION_ENDED), so the
 * page that sent it can say why the person must log in again; a request without any session stays
 * 401 UNAUTHENTICATED. Which of the reasons it was is never said.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
const post = (url: string, cookie: string, payload: object) =>
  t.app.inject({ method: "POST", url, headers: { cookie }, payload });

/** What the API answers a page holding `cookie`: a signed-in read, and the session check. */
async function answers(cookie?: string) {
  const read = await get("/api/proposals", cookie);
  const session = (await get("/api/auth/session", cookie)).json();
  return { status: read.statusCode, error: read.json().error, session };
}

async function eventually(check: () => Promise<boolean>, ms = 5000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
}

const ended = {
  status: 401,
  error: { code: "SESSION_ENDED", message: MSG.sessionEnded },
  session: { user: null, sessionEnded: true },
};

describe("a session that ended", () => {
  it("no session at all: 401 UNAUTHENTICATED, and the session check says nothing ended", async () => {
    expect(await answers()).toEqual({
      status: 401,
      error: { code: "UNAUTHENTICATED", message: MSG.signInRequired },
      session: { user: null, sessionEnded: false },
    });
  });

  it("a live session is signed in, and nothing ended", async () => {
    const s = await makeStudent(t);
    const a = await answers(s.cookie);
    expect(a.status).toBe(200);
    expect(a.session).toMatchObject({ user: { id: s.id }, sessionEnded: false });
  });

  it("ended by a password change on another device: SESSION_ENDED", async () => {
    const s = await makeStudent(t);
    const other = await makeStudent(t);
    // The same person signed in twice: this page's session, and another device that changes the password.
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: s.email, password: PASSWORD },
    });
    const elsewhere = String(login.headers["set-cookie"]).split(";")[0];
    expect((await get("/api/proposals", s.cookie)).statusCode).toBe(200);
    const changed = await post("/api/me/password", elsewhere, {
      currentPassword: PASSWORD,
      newPassword: "another-password-1",
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await answers(s.cookie)).toEqual(ended);
    // Someone else's session is untouched.
    expect((await answers(other.cookie)).status).toBe(200);
  });

  it("ended by a deactivation: SESSION_ENDED (the login form then says the account is deactivated)", async () => {
    const s = await makeStudent(t);
    const committee = await makeCommittee(t);
    expect((await get("/api/proposals", s.cookie)).statusCode).toBe(200);
    expect((await post(`/api/users/${s.id}/deactivate`, committee.cookie, {})).statusCode).toBe(200);
    // The session cache hears of another person's change a moment after the commit (decision 0021).
    await eventually(async () => (await get("/api/proposals", s.cookie)).statusCode === 401);
    expect(await answers(s.cookie)).toEqual(ended);
  });

  it("expired on the server: SESSION_ENDED", async () => {
    const s = await makeStudent(t);
    expect((await get("/api/proposals", s.cookie)).statusCode).toBe(200);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, s.id));
    // The session cache hears of the change a moment after the commit.
    await eventually(async () => (await get("/api/proposals", s.cookie)).statusCode === 401);
    expect(await answers(s.cookie)).toEqual(ended);
  });

  it("a made-up session cookie gets the same answer as a revoked one: nothing tells them apart", async () => {
    const s = await makeStudent(t);
    const name = s.cookie.split("=")[0];
    expect(await answers(`${name}=made-up.value`)).toEqual(ended);
  });
});
