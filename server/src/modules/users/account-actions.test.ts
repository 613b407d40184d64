import { randomUUID } from "node:crypto";
import { MSG } from "@shared/messages";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, sessions, users, verifications } from "../../db/schema";
import {
  cookieFrom,
  createTestApp,
  makeCommittee,
  makeStudent,
  makeSupervisor,
  PASSWORD,
  type TestContext,
  type TestUser,
  unique,
} from "../../test/app";
import { makeCell, makeProposal } from "../../test/factories";
import { linkToken, outboxFor } from "../../test/mail";
import { connectEvents } from "../../test/sse";
import { deactivatePerson } from "./account-actions.service";

let t: TestContext;
let committee: TestUser;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
  committee = await makeCommittee(t);
});
afterAll(async () => t?.close());

const as = (user: TestUser | null, method: "GET" | "POST" | "PATCH", url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: user ? { cookie: user.cookie } : {} });
const me = (cookie: string) => t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } });
let ipSeq = 0;
const login = (email: string, password = PASSWORD) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email, password },
    remoteAddress: `10.88.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`,
  });

/** 401 signed out, 403 for a student and a supervisor, on any of the routes. */
async function expectCommitteeOnly(method: "GET" | "POST" | "PATCH", url: string, payload?: object) {
  const [student, supervisor] = await Promise.all([makeStudent(t), makeSupervisor(t)]);
  expect((await as(null, method, url, payload)).statusCode).toBe(401);
  expect((await as(student, method, url, payload)).statusCode).toBe(403);
  expect((await as(supervisor, method, url, payload)).statusCode).toBe(403);
}

describe("PATCH /api/users/:id", () => {
  it("corrects the name and the email; the person signs in with the new email", async () => {
    const s = await makeStudent(t);
    const email = `${unique("new")}@example.edu`;
    const res = await as(committee, "PATCH", `/api/users/${s.id}`, {
      name: "  Corrected Name ",
      email: email.toUpperCase(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      id: s.id,
      name: "Corrected Name",
      email,
      role: "student",
      deactivatedAt: null,
    });
    expect((await login(email)).statusCode).toBe(200);
    expect((await login(s.email)).statusCode).toBe(401);
    expect((await me(s.cookie)).json().user).toMatchObject({ name: "Corrected Name", email });
  });

  it("409 for an email another account has, in any case; nothing changes", async () => {
    const [a, b] = await Promise.all([makeStudent(t), makeSupervisor(t)]);
    const res = await as(committee, "PATCH", `/api/users/${a.id}`, {
      name: "Changed",
      email: b.email.toUpperCase(),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ message: MSG.emailTaken, fields: { email: MSG.emailTaken } });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, a.id));
    expect(row).toMatchObject({ email: a.email, name: a.name });
  });

  it("400 naming the field; 404 for an unknown id; 401 and 403 for others", async () => {
    const s = await makeStudent(t);
    for (const [payload, field] of [
      [{}, "name"],
      [{ name: "   " }, "name"],
      [{ email: "nope" }, "email"],
      [{ name: "x".repeat(101) }, "name"],
    ] as const) {
      const res = await as(committee, "PATCH", `/api/users/${s.id}`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.fields).toHaveProperty(field);
    }
    expect((await as(committee, "PATCH", `/api/users/${randomUUID()}`, { name: "X" })).statusCode).toBe(404);
    await expectCommitteeOnly("PATCH", `/api/users/${s.id}`, { name: "Hacked" });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, s.id));
    expect(row.name).toBe(s.name);
  });
});

describe("POST /api/users/:id/password-reset", () => {
  it("sends a reset link (one hour) to an account with a password, whatever its email setting", async () => {
    const s = await makeSupervisor(t);
    await t.database.db.update(users).set({ emailNotifications: false }).where(eq(users.id, s.id));
    const res = await as(committee, "POST", `/api/users/${s.id}/password-reset`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, kind: "reset", message: MSG.resetLinkSent(s.name) });
    const [mail] = await outboxFor(t, s.email, "account.password-reset");
    const token = linkToken(mail.body);
    const [row] = await t.database.db.select().from(verifications).where(eq(verifications.value, s.id));
    const hours = (row.expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(0.9);
    expect(hours).toBeLessThanOrEqual(1);
    const set = await t.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token, newPassword: "set-by-the-link" },
    });
    expect(set.statusCode).toBe(200);
  });

  it("sends a link to set a password (seven days) to an account without one, and may send it again", async () => {
    const s = await makeStudent(t);
    await t.database.db.delete(accounts).where(eq(accounts.userId, s.id));
    for (let i = 0; i < 2; i++) {
      const res = await as(committee, "POST", `/api/users/${s.id}/password-reset`);
      expect(res.json()).toMatchObject({ kind: "set", message: MSG.setPasswordLinkSent(s.name) });
    }
    const mails = await outboxFor(t, s.email, "account.set-password");
    expect(mails).toHaveLength(2);
    expect(mails[0].body).toContain(committee.name);
    const rows = await t.database.db.select().from(verifications).where(eq(verifications.value, s.id));
    for (const row of rows) expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    // Only the newest works (the second sending revoked the first), and only once.
    const [newest, older] = mails.map((m) => linkToken(m.body));
    const set = await t.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token: newest, newPassword: "my-own-password" },
    });
    expect(set.statusCode).toBe(200);
    expect((await login(s.email, "my-own-password")).statusCode).toBe(200);
    const again = await t.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token: older, newPassword: "another-password" },
    });
    expect(again.statusCode).toBe(400);
  });

  it("409 for a deactivated account; 404 for an unknown id; 401 and 403 for others; no email", async () => {
    const s = await makeStudent(t);
    await t.database.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, s.id));
    const res = await as(committee, "POST", `/api/users/${s.id}/password-reset`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(MSG.deactivatedCannotGetLink);
    expect((await as(committee, "POST", `/api/users/${randomUUID()}/password-reset`)).statusCode).toBe(404);
    const other = await makeStudent(t);
    await expectCommitteeOnly("POST", `/api/users/${other.id}/password-reset`);
    expect(await outboxFor(t, s.email)).toEqual([]);
    expect(await outboxFor(t, other.email)).toEqual([]);
  });
});

describe("POST /api/users/:id/deactivate and /reactivate", () => {
  it("ends the account's sessions and event streams at once, refuses its sign-in, and keeps its records", async () => {
    const student = await makeStudent(t);
    const supervisor = await makeSupervisor(t);
    const proposal = await makeProposal(t, { supervisorId: supervisor.id, memberIds: [student.id] });
    const second = cookieFrom(await login(student.email));
    const stream = await connectEvents(baseUrl, student.cookie);
    const res = await as(committee, "POST", `/api/users/${student.id}/deactivate`);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.deactivatedAt).toEqual(expect.any(String));
    // The open stream ends by itself, and both sessions are gone.
    await stream.ended;
    expect((await me(student.cookie)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
    const [{ n }] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sessions)
      .where(eq(sessions.userId, student.id));
    expect(n).toBe(0);
    // The right password now gets a clear refusal, and no session.
    const refused = await login(student.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(MSG.accountDeactivated);
    expect(refused.headers["set-cookie"]).toBeUndefined();
    // Records stay: the proposal still lists them; the people list marks them, and search finds them.
    const seen = await as(supervisor, "GET", `/api/proposals/${proposal.id}`);
    expect(seen.json().proposal.members.map((m: { id: string }) => m.id)).toContain(student.id);
    const list = await as(
      committee,
      "GET",
      `/api/users?role=student&q=${encodeURIComponent(student.studentId!)}`,
    );
    expect(list.json().items).toEqual([
      expect.objectContaining({ id: student.id, deactivatedAt: expect.any(String) }),
    ]);

    const back = await as(committee, "POST", `/api/users/${student.id}/reactivate`);
    expect(back.statusCode).toBe(200);
    expect(back.json().user.deactivatedAt).toBeNull();
    expect((await login(student.email)).statusCode).toBe(200);
    // The sessions that ended stay ended.
    expect((await me(student.cookie)).statusCode).toBe(401);
  });

  it("a deactivated supervisor or student is offered to nobody and cannot be chosen for a new proposal", async () => {
    const [student, other, supervisor] = await Promise.all([
      makeStudent(t),
      makeStudent(t),
      makeSupervisor(t),
    ]);
    const cell = await makeCell(t, [supervisor.id]);
    for (const p of [supervisor, other])
      expect((await as(committee, "POST", `/api/users/${p.id}/deactivate`)).statusCode).toBe(200);
    const offered = await as(student, "GET", `/api/supervisors?researchCellId=${cell.id}`);
    expect(offered.json().items.map((s: { id: string }) => s.id)).not.toContain(supervisor.id);
    const found = await as(student, "GET", `/api/students?q=${encodeURIComponent(other.studentId!)}`);
    expect(found.json().items).toEqual([]);
    const submit = (supervisorId: string, memberIds: string[]) =>
      as(student, "POST", "/api/proposals", {
        title: "A title",
        abstract: "An abstract.",
        type: "Thesis",
        researchCellId: cell.id,
        supervisorId,
        memberIds,
      });
    const toInactive = await submit(supervisor.id, []);
    expect(toInactive.statusCode).toBe(409);
    expect(toInactive.json().error.fields).toEqual({
      supervisorId: MSG.supervisorDeactivated(supervisor.name),
    });
    await as(committee, "POST", `/api/users/${supervisor.id}/reactivate`);
    const withInactive = await submit(supervisor.id, [other.id]);
    expect(withInactive.statusCode).toBe(400);
    expect(withInactive.json().error.fields).toHaveProperty("memberIds");
    expect((await submit(supervisor.id, [])).statusCode).toBe(201);
  });

  it("a sign-in racing the deactivation never leaves a session behind", async () => {
    const s = await makeStudent(t);
    const results = await Promise.all([
      ...Array.from({ length: 8 }, () => login(s.email)),
      as(committee, "POST", `/api/users/${s.id}/deactivate`),
    ]);
    expect(results.at(-1)!.statusCode).toBe(200);
    for (const r of results.slice(0, -1)) expect([200, 403]).toContain(r.statusCode);
    const [{ n }] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sessions)
      .where(eq(sessions.userId, s.id));
    expect(n).toBe(0);
  });

  it("409 twice, for oneself and for the last active committee member; two members deactivating each other: one wins", async () => {
    const s = await makeStudent(t);
    expect((await as(committee, "POST", `/api/users/${s.id}/deactivate`)).statusCode).toBe(200);
    const twice = await as(committee, "POST", `/api/users/${s.id}/deactivate`);
    expect(twice.json().error).toMatchObject({ code: "CONFLICT", message: MSG.alreadyDeactivated });
    const self = await as(committee, "POST", `/api/users/${committee.id}/deactivate`);
    expect(self.json().error.message).toBe(MSG.cannotDeactivateSelf);
    const active = await as(committee, "POST", `/api/users/${committee.id}/reactivate`);
    expect(active.json().error).toMatchObject({ code: "CONFLICT", message: MSG.notDeactivated });

    // Only these two stay active committee members: they deactivate each other at once.
    const [a, b] = await Promise.all([makeCommittee(t), makeCommittee(t)]);
    await t.database.db
      .update(users)
      .set({ deactivatedAt: new Date() })
      .where(sql`${users.role} = 'committee' and ${users.id} not in (${a.id}::uuid, ${b.id}::uuid)`);
    // Called on the service itself, so both really race (over HTTP the loser's session may be gone
    // before its request is read, a 401).
    const ctx = (by: TestUser) => ({
      by: { ...by, pictureId: null, emailNotifications: true, createdAt: new Date() },
      publicUrl: "http://localhost:3000",
      now: new Date(),
    });
    const results = await Promise.allSettled([
      deactivatePerson(t.database.db, b.id, ctx(a)),
      deactivatePerson(t.database.db, a.id, ctx(b)),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const loser = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(loser.reason).toMatchObject({ status: 409, message: MSG.lastCommitteeMember });
    const [{ n }] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`${users.role} = 'committee' and ${users.deactivatedAt} is null`);
    expect(n).toBe(1);
    // Put the department's committee back for the other tests.
    await t.database.db.update(users).set({ deactivatedAt: null }).where(eq(users.id, committee.id));
  });

  it("404 for an unknown id or a malformed one; 401 and 403 for others; nothing changes", async () => {
    for (const action of ["deactivate", "reactivate"]) {
      expect((await as(committee, "POST", `/api/users/${randomUUID()}/${action}`)).statusCode).toBe(404);
      expect((await as(committee, "POST", `/api/users/not-an-id/${action}`)).statusCode).toBe(400);
      const s = await makeStudent(t);
      await expectCommitteeOnly("POST", `/api/users/${s.id}/${action}`);
      expect((await me(s.cookie)).statusCode).toBe(200);
    }
  });
});

describe("GET /api/users/:id/open-proposals", () => {
  it("lists the active proposals a person created or supervises, not those of others or closed ones", async () => {
    const [creator, member, supervisor, otherSupervisor] = await Promise.all([
      makeStudent(t),
      makeStudent(t),
      makeSupervisor(t),
      makeSupervisor(t),
    ]);
    const mine = await makeProposal(t, { supervisorId: supervisor.id, memberIds: [creator.id, member.id] });
    await makeProposal(t, { supervisorId: otherSupervisor.id, memberIds: [member.id], status: "Denied" });
    const denied = await makeProposal(t, {
      supervisorId: supervisor.id,
      memberIds: [creator.id],
      status: "Denied",
    });
    const ofCreator = await as(committee, "GET", `/api/users/${creator.id}/open-proposals`);
    expect(ofCreator.statusCode).toBe(200);
    expect(ofCreator.json().items).toEqual([
      expect.objectContaining({ id: mine.id, title: mine.title, status: "Pending", role: "creator" }),
    ]);
    // A member who did not create it leaves nothing behind.
    expect((await as(committee, "GET", `/api/users/${member.id}/open-proposals`)).json().items).toEqual([]);
    const ofSupervisor = (await as(committee, "GET", `/api/users/${supervisor.id}/open-proposals`)).json()
      .items;
    expect(ofSupervisor.map((p: { id: string; role: string }) => [p.id, p.role])).toEqual([
      [mine.id, "supervisor"],
    ]);
    expect(ofSupervisor.map((p: { id: string }) => p.id)).not.toContain(denied.id);
    expect((await as(committee, "GET", `/api/users/${randomUUID()}/open-proposals`)).statusCode).toBe(404);
    await expectCommitteeOnly("GET", `/api/users/${creator.id}/open-proposals`);
  });
});
