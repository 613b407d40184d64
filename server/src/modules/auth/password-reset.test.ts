import { MSG } from "@shared/messages";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users, verifications } from "../../db/schema";
import {
  cookieFrom,
  createTestApp,
  makeStudent,
  makeSupervisor,
  PASSWORD,
  type TestContext,
  unique,
} from "../../test/app";
import { linkToken, mailText } from "../../test/mail";
import { freePort, type Received, startSmtp } from "../../test/smtp";
import { FORGOT_LIMITS, RESET_CHECK_LIMIT } from "./password-reset.service";

let t: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const inbox: Received[] = [];

beforeAll(async () => {
  const port = await freePort();
  smtp = await startSmtp(port, inbox);
  t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}` }, { outbox: { pollMs: 3_600_000 } });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((r) => smtp?.close(() => r()));
});

let ipSeq = 0;
/** Each test asks from its own address, so the per-address limit is the test's own. */
const freshIp = () => `10.77.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

const forgot = (email: string, remoteAddress = freshIp()) =>
  t.app.inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email }, remoteAddress });
const reset = (token: string, newPassword: string) =>
  t.app.inject({ method: "POST", url: "/api/auth/reset-password", payload: { token, newPassword } });
const me = (cookie: string) => t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } });
const login = (email: string, password: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email, password },
    remoteAddress: freshIp(),
  });

/** Waits for the background work of forgot-password, sends the outbox, and returns what arrived for `email`. */
async function delivered(email: string): Promise<string[]> {
  await t.app.background.settled();
  await t.app.outbox.drain();
  return inbox.filter((m) => m.to.includes(email)).map(mailText);
}

describe("POST /api/auth/forgot-password", () => {
  it("answers the same 200 for an account and for an unknown email; only the account gets a link, by SMTP", async () => {
    const s = await makeStudent(t);
    const known = await forgot(s.email.toUpperCase());
    const unknown = await forgot(`${unique("nobody")}@example.edu`);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json()).toEqual({ ok: true, message: MSG.forgotPasswordSent });
    const mails = await delivered(s.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain("Subject: Reset your ThesisDesk password");
    expect(mails[0]).toContain("http://localhost:3000/reset-password?token=");
    expect(linkToken(mails[0]).length).toBeGreaterThan(20);
    // The token is stored hashed: the link's text is nowhere in the database.
    const stored = await t.database.db.select().from(verifications).where(eq(verifications.value, s.id));
    expect(stored).toHaveLength(1);
    expect(stored[0].identifier).not.toContain(linkToken(mails[0]));
  });

  it("sends the link even to someone who turned email notifications off, but never to a deactivated account", async () => {
    const quiet = await makeStudent(t);
    await t.database.db.update(users).set({ emailNotifications: false }).where(eq(users.id, quiet.id));
    const gone = await makeStudent(t);
    await t.database.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, gone.id));
    expect((await forgot(quiet.email)).statusCode).toBe(200);
    expect((await forgot(gone.email)).statusCode).toBe(200);
    expect(await delivered(quiet.email)).toHaveLength(1);
    expect(await delivered(gone.email)).toHaveLength(0);
  });

  it("per account: past the limit the answer is the same and no more emails go, even to simultaneous requests", async () => {
    const s = await makeStudent(t);
    const answers = await Promise.all(Array.from({ length: 10 }, () => forgot(s.email)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    // At most the limit's tokens are made; of those made at once, only the one left alive (each
    // new link revokes the earlier ones) is certain to be emailed.
    const mails = await delivered(s.email);
    expect(mails.length).toBeGreaterThanOrEqual(1);
    expect(mails.length).toBeLessThanOrEqual(FORGOT_LIMITS.perAccount.max);
    const links = await t.database.db.select().from(verifications).where(eq(verifications.value, s.id));
    expect(links).toHaveLength(1);
    // Past the limit a further request makes no link: the live one stays, and no email goes.
    expect((await forgot(s.email)).statusCode).toBe(200);
    expect(await delivered(s.email)).toHaveLength(mails.length);
    expect(await t.database.db.select().from(verifications).where(eq(verifications.value, s.id))).toEqual(
      links,
    );
  });

  it("per address: past the limit 429 with Retry-After, whatever the emails", async () => {
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: FORGOT_LIMITS.perAddress.max + 5 }, () =>
        forgot(`${unique("x")}@example.edu`, ip),
      ),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(FORGOT_LIMITS.perAddress.max);
    const refused = answers.find((r) => r.statusCode === 429)!;
    expect(refused.json().error).toMatchObject({ code: "RATE_LIMITED", message: MSG.tooManyResetRequests });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("400 naming the field for a missing or malformed email", async () => {
    for (const payload of [{}, { email: "" }, { email: "not-an-email" }, { email: 42 }]) {
      const res = await t.app.inject({ method: "POST", url: "/api/auth/forgot-password", payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toHaveProperty("email");
    }
  });
});

describe("POST /api/auth/reset-password", () => {
  async function tokenFor(email: string) {
    expect((await forgot(email)).statusCode).toBe(200);
    const mails = await delivered(email);
    return linkToken(mails.at(-1)!);
  }

  it("sets the password, ends every session of the account, and signs the person in", async () => {
    const s = await makeSupervisor(t);
    const other = cookieFrom(await login(s.email, PASSWORD));
    const token = await tokenFor(s.email);
    const res = await reset(token, "a-brand-new-password");
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: s.id, role: "supervisor" });
    // Both old sessions are gone; the new one works.
    expect((await me(s.cookie)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(cookieFrom(res))).statusCode).toBe(200);
    const [row] = await t.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(sessions)
      .where(eq(sessions.userId, s.id));
    expect(row.count).toBe(1);
    // The old password no longer works, the new one does, and the address counts as verified.
    expect((await login(s.email, PASSWORD)).statusCode).toBe(401);
    expect((await login(s.email, "a-brand-new-password")).statusCode).toBe(200);
    const [user] = await t.database.db.select().from(users).where(eq(users.id, s.id));
    expect(user.emailVerified).toBe(true);
  });

  it("a used token, another link still out, a made-up token and an expired one: 400 with the message, nothing changes", async () => {
    const s = await makeStudent(t);
    const first = await tokenFor(s.email);
    const second = await tokenFor(s.email);
    expect((await reset(second, "password-number-two")).statusCode).toBe(200);
    for (const token of [second, first, "made-up-token", "x".repeat(200)]) {
      const res = await reset(token, "password-number-three");
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: "VALIDATION",
        message: MSG.resetTokenInvalid,
        fields: { token: MSG.resetTokenInvalid },
      });
    }
    const t2 = await makeStudent(t);
    const expired = await tokenFor(t2.email);
    await t.database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.value, t2.id));
    expect((await reset(expired, "password-number-four")).json().error.message).toBe(MSG.resetTokenInvalid);
    expect((await login(t2.email, PASSWORD)).statusCode).toBe(200);
  });

  it("two simultaneous uses of one token: exactly one succeeds", async () => {
    const s = await makeStudent(t);
    const token = await tokenFor(s.email);
    const results = await Promise.all([reset(token, "racing-password-1"), reset(token, "racing-password-2")]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it("400 for a short password or a missing token, and the token still works afterwards", async () => {
    const s = await makeStudent(t);
    const token = await tokenFor(s.email);
    const short = await reset(token, "short");
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields).toEqual({ newPassword: MSG.passwordTooShort });
    const missing = await t.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { newPassword: "long-enough-password" },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toHaveProperty("token");
    expect((await reset(token, "long-enough-password")).statusCode).toBe(200);
  });

  it("refuses a deactivated account's token without using it", async () => {
    const s = await makeStudent(t);
    const token = await tokenFor(s.email);
    await t.database.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, s.id));
    const res = await reset(token, "a-brand-new-password");
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(MSG.accountDeactivated);
    expect(res.headers["set-cookie"]).toBeUndefined();
  });
});

describe("GET /api/auth/reset-password?token=", () => {
  const check = (token: string, remoteAddress = freshIp()) =>
    t.app.inject({
      method: "GET",
      url: `/api/auth/reset-password?token=${encodeURIComponent(token)}`,
      remoteAddress,
    });
  async function tokenFor(email: string) {
    expect((await forgot(email)).statusCode).toBe(200);
    return linkToken((await delivered(email)).at(-1)!);
  }

  it("says whether a link still works, and nothing else; checking uses nothing up", async () => {
    const s = await makeStudent(t);
    const token = await tokenFor(s.email);
    for (let i = 0; i < 3; i++) {
      const res = await check(token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ valid: true });
    }
    expect((await reset(token, "checked-then-used-1")).statusCode).toBe(200);
    // Used; made up; expired: the same answer, which names nobody.
    const t2 = await makeStudent(t);
    const expired = await tokenFor(t2.email);
    await t.database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.value, t2.id));
    for (const bad of [token, "made-up-token", expired]) {
      const res = await check(bad);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ valid: false });
    }
  });

  it("400 for a missing or over-long token", async () => {
    for (const url of ["/api/auth/reset-password", `/api/auth/reset-password?token=${"x".repeat(201)}`]) {
      const res = await t.app.inject({ method: "GET", url, remoteAddress: freshIp() });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toHaveProperty("token");
    }
  });

  it("per address: past the limit 429 with Retry-After, for valid and made-up tokens alike", async () => {
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: RESET_CHECK_LIMIT.max + 3 }, (_, i) => check(`guess-${i}`, ip)),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(RESET_CHECK_LIMIT.max);
    const refused = answers.find((r) => r.statusCode === 429)!;
    expect(refused.json().error).toMatchObject({ code: "RATE_LIMITED", message: MSG.tooManyResetChecks });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // Another address is not held back.
    expect((await check("guess-elsewhere")).statusCode).toBe(200);
  });
});
