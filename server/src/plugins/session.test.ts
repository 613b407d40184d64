import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sessions, users } from "../db/schema";
import { createTestApp, makeStudent, type TestContext } from "../test/app";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const me = (cookie: string) => t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } });

async function eventually(check: () => Promise<boolean>, ms = 3000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return false;
}

describe("session checks", () => {
  it("a repeated read is served without asking better-auth again", async () => {
    const s = await makeStudent(t);
    const spy = vi.spyOn(t.app.auth.api, "getSession");
    expect((await me(s.cookie)).statusCode).toBe(200);
    expect((await me(s.cookie)).statusCode).toBe(200);
    expect((await me(s.cookie)).statusCode).toBe(200);
    expect(spy.mock.calls.length).toBeLessThanOrEqual(1);
    spy.mockRestore();
  });

  it("a session deleted behind our back (another instance, an admin) stops working", async () => {
    const s = await makeStudent(t);
    expect((await me(s.cookie)).statusCode).toBe(200);
    await t.database.db.delete(sessions).where(eq(sessions.userId, s.id));
    expect(await eventually(async () => (await me(s.cookie)).statusCode === 401)).toBe(true);
  });

  it("a user changed behind our back is seen fresh", async () => {
    const s = await makeStudent(t);
    expect((await me(s.cookie)).json().user.name).toBe(s.name);
    await t.database.db.update(users).set({ name: "Renamed Elsewhere" }).where(eq(users.id, s.id));
    expect(await eventually(async () => (await me(s.cookie)).json().user.name === "Renamed Elsewhere")).toBe(
      true,
    );
  });

  it("logout through this instance takes effect at once", async () => {
    const s = await makeStudent(t);
    expect((await me(s.cookie)).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: { cookie: s.cookie } }))
        .statusCode,
    ).toBe(200);
    expect((await me(s.cookie)).statusCode).toBe(401);
  });

  it("a tampered signature is never accepted, even for a cached token", async () => {
    const s = await makeStudent(t);
    expect((await me(s.cookie)).statusCode).toBe(200);
    const tampered = s.cookie.replace(/(thesisdesk\.session_token=[^.;]+)\.[^;]+/, "$1.AAAA");
    expect(tampered).not.toBe(s.cookie);
    expect((await me(tampered)).statusCode).toBe(401);
  });

  it("a session due for its refresh goes to better-auth, which extends it and renews the cookie", async () => {
    const s = await makeStudent(t);
    const day = 86_400_000;
    // Issued 2 days ago: expires in 28 days, past the 1-day refresh age.
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 28 * day) })
      .where(eq(sessions.userId, s.id));
    const spy = vi.spyOn(t.app.auth.api, "getSession");
    const res = await me(s.cookie);
    expect(res.statusCode).toBe(200);
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
    expect(String(res.headers["set-cookie"])).toMatch(/thesisdesk\.session_token=/);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.userId, s.id));
    expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * day);
  });

  it("an expired session is refused and removed", async () => {
    const s = await makeStudent(t);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(sessions.userId, s.id));
    expect(await eventually(async () => (await me(s.cookie)).statusCode === 401)).toBe(true);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, s.id))).toEqual([]);
  });

  it("a signature made with another secret, or cut short, is refused on the first request", async () => {
    const s = await makeStudent(t);
    const token = decodeURIComponent(/thesisdesk\.session_token=([^;]+)/.exec(s.cookie)![1]).split(".")[0];
    const forged = createHmac("sha256", "not-the-secret-not-the-secret-not-the-secret")
      .update(token)
      .digest("base64");
    const cookie = (signature: string) =>
      `thesisdesk.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
    expect((await me(cookie(forged))).statusCode).toBe(401);
    expect((await me(cookie(forged.slice(0, 20)))).statusCode).toBe(401);
    expect((await me(cookie(""))).statusCode).toBe(401);
    // The real one still works.
    expect((await me(s.cookie)).statusCode).toBe(200);
  });
});
