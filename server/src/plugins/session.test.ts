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
});
