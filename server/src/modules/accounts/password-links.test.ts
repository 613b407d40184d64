import { MSG } from "@shared/messages";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users, verifications } from "../../db/schema";
import {
  createTestApp,
  makeCommittee,
  makeStudent,
  PASSWORD,
  type TestContext,
  type TestUser,
  unique,
} from "../../test/app";
import { linkToken, outboxFor } from "../../test/mail";
import { maskEmail } from "../outbox/emails";
import { tokenUser } from "./reset-tokens.repository";

/**
 * DESIGN.md §21, issue 28 item 4: a new password link, or a new email address, revokes the
 * earlier links, and the old address is told of the change.
 */

let t: TestContext;
let committee: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  committee = await makeCommittee(t);
});
afterAll(async () => t?.close());

let ipSeq = 0;
const freshIp = () => `10.66.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

const sendLink = (id: string) =>
  t.app.inject({
    method: "POST",
    url: `/api/users/${id}/password-reset`,
    headers: { cookie: committee.cookie },
  });
const changeEmail = (id: string, payload: { email?: string; name?: string }) =>
  t.app.inject({ method: "PATCH", url: `/api/users/${id}`, payload, headers: { cookie: committee.cookie } });
const forgot = (email: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/forgot-password",
    payload: { email },
    remoteAddress: freshIp(),
  });
const reset = (token: string, newPassword = "a-brand-new-password") =>
  t.app.inject({ method: "POST", url: "/api/auth/reset-password", payload: { token, newPassword } });
const login = (email: string, password: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email, password },
    remoteAddress: freshIp(),
  });

/** The password links emailed to an address, newest first. */
async function linksTo(email: string): Promise<string[]> {
  await t.app.background.settled();
  const mails = [
    ...(await outboxFor(t, email, "account.password-reset")),
    ...(await outboxFor(t, email, "account.set-password")),
  ].sort((a, b) => b.id - a.id);
  return mails.map((m) => linkToken(m.body));
}
const live = async (token: string) => (await tokenUser(t.database.db, token, new Date())) !== undefined;
const linkRows = async (userId: string) =>
  t.database.db.select().from(verifications).where(eq(verifications.value, userId));

async function expectDead(token: string) {
  const res = await reset(token, "an-attackers-password");
  expect(res.statusCode).toBe(400);
  expect(res.json().error).toEqual({
    code: "VALIDATION",
    message: MSG.resetTokenInvalid,
    fields: { token: MSG.resetTokenInvalid },
  });
}

describe("a new email address revokes the links sent to the old one", () => {
  it("link A to a mistyped address, email corrected, link B sent: A answers 400, B works", async () => {
    const s = await makeStudent(t); // s.email is the mistyped address
    expect((await sendLink(s.id)).statusCode).toBe(200);
    const [a] = await linksTo(s.email);
    const corrected = `${unique("right")}@example.edu`;
    expect((await changeEmail(s.id, { email: corrected })).statusCode).toBe(200);
    expect((await sendLink(s.id)).statusCode).toBe(200);
    const [b] = await linksTo(corrected);
    await expectDead(a);
    // Nothing changed: the password is the old one, and B still works.
    expect((await login(corrected, "an-attackers-password")).statusCode).toBe(401);
    expect((await login(corrected, PASSWORD)).statusCode).toBe(200);
    expect((await reset(b)).statusCode).toBe(200);
    expect((await login(corrected, "a-brand-new-password")).statusCode).toBe(200);
  });

  it("the change alone revokes every link, and the old address is told where the account went, masked, and by whom", async () => {
    const s = await makeStudent(t);
    await sendLink(s.id);
    await forgot(s.email);
    const before = await linksTo(s.email);
    expect(before).toHaveLength(2);
    const corrected = `${unique("right")}@example.edu`;
    expect((await changeEmail(s.id, { email: corrected })).statusCode).toBe(200);
    expect(await linkRows(s.id)).toEqual([]);
    for (const token of before) await expectDead(token);
    const [notice, ...more] = await outboxFor(t, s.email, "account.email-changed");
    expect(more).toEqual([]);
    expect(notice.userId).toBe(s.id);
    expect(notice.body).toContain(maskEmail(corrected));
    expect(notice.body).toContain(committee.name);
    expect(notice.body).toContain("thesis committee");
    // The old address may be a stranger's: the new one is never spelled out to it.
    expect(notice.body).not.toContain(corrected);
    expect(notice.subject).not.toContain(corrected);
    expect(await outboxFor(t, corrected, "account.email-changed")).toEqual([]);
  });

  it("a name alone changes no link and tells nobody; the same email in another case is no change", async () => {
    const s = await makeStudent(t);
    await sendLink(s.id);
    const [a] = await linksTo(s.email);
    expect((await changeEmail(s.id, { name: "A Corrected Name" })).statusCode).toBe(200);
    expect((await changeEmail(s.id, { email: s.email.toUpperCase() })).statusCode).toBe(200);
    expect(await live(a)).toBe(true);
    expect(await outboxFor(t, s.email, "account.email-changed")).toEqual([]);
  });

  it("a deactivated account's links go, and its old address gets nothing, as every email", async () => {
    const s = await makeStudent(t);
    await sendLink(s.id);
    const [a] = await linksTo(s.email);
    await t.database.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, s.id));
    expect((await changeEmail(s.id, { email: `${unique("gone")}@example.edu` })).statusCode).toBe(200);
    expect(await live(a)).toBe(false);
    expect(await outboxFor(t, s.email, "account.email-changed")).toEqual([]);
  });
});

describe("a new link revokes the earlier ones", () => {
  it("forgot password twice: the first link is dead, the second works", async () => {
    const s = await makeStudent(t);
    await forgot(s.email);
    await t.app.background.settled();
    await forgot(s.email);
    const [second, first] = await linksTo(s.email);
    await expectDead(first);
    expect((await reset(second)).statusCode).toBe(200);
  });

  it("the committee's link and forgot password revoke each other's earlier links", async () => {
    const s = await makeStudent(t);
    await sendLink(s.id);
    await sendLink(s.id);
    const [committee2, committee1] = await linksTo(s.email);
    expect(await live(committee1)).toBe(false);
    expect(await live(committee2)).toBe(true);
    await forgot(s.email);
    const [forgotten] = await linksTo(s.email);
    expect(await live(committee2)).toBe(false);
    await sendLink(s.id);
    const [committee3] = await linksTo(s.email);
    expect(await live(forgotten)).toBe(false);
    expect(await linkRows(s.id)).toHaveLength(1);
    expect((await reset(committee3)).statusCode).toBe(200);
  });

  it("an import's link to set a password is revoked by the link sent again", async () => {
    const tag = unique("imp");
    const email = `${tag}@example.edu`;
    const imported = await t.app.inject({
      method: "POST",
      url: "/api/users/import?role=student&dryRun=false",
      payload: `name,email,studentId\nImported ${tag},${email},${tag.toUpperCase()}`,
      headers: { "content-type": "text/csv", cookie: committee.cookie },
    });
    expect(imported.statusCode).toBe(200);
    const [fromImport] = await linksTo(email);
    const [person] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect((await sendLink(person.id)).json().kind).toBe("set");
    const [again] = await linksTo(email);
    await expectDead(fromImport);
    expect((await reset(again)).statusCode).toBe(200);
  });

  it("simultaneous forgot-password requests and a committee link: one link stays, and it was emailed", async () => {
    for (let round = 0; round < 3; round++) {
      const s = await makeStudent(t);
      const answers = await Promise.all([forgot(s.email), forgot(s.email), sendLink(s.id), forgot(s.email)]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      const emailed = await linksTo(s.email);
      expect(emailed.length).toBeGreaterThanOrEqual(1);
      const alive = [];
      for (const token of emailed) if (await live(token)) alive.push(token);
      expect(alive).toHaveLength(1);
      expect(await linkRows(s.id)).toHaveLength(1);
    }
  });
});
