import { randomBytes } from "node:crypto";
import { MSG } from "@shared/messages";
import { eq, like } from "drizzle-orm";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "../db/schema";
import { clientAddress, trustProxyOption } from "../lib/client-address";
import { createAccount } from "../modules/accounts/accounts.service";
import { LOGIN_LIMITS, REGISTER_LIMIT } from "../modules/auth/auth.service";
import { FORGOT_LIMITS } from "../modules/auth/password-reset.service";
import { cookieFrom, createTestApp, makeStudent, PASSWORD, type TestContext, unique } from "../test/app";

/**
 * DESIGN.md §13 and §21, issue 28 item 3: a client cannot choose its address through
 * X-Forwarded-For, and guesses at one account stay bounded whatever the addresses (decision 0040).
 * "Checked" means the password was really tried: 401; a refusal before the check is 429.
 */

let plain: TestContext; // TRUST_PROXY unset: the socket's address, the header ignored
let behindOne: TestContext; // TRUST_PROXY=1: the header's last entry, written by our proxy
beforeAll(async () => {
  [plain, behindOne] = await Promise.all([createTestApp(), createTestApp({ trustProxy: 1 })]);
});
afterAll(async () => Promise.all([plain?.close(), behindOne?.close()]));

const PROXY = "127.0.0.1"; // app.inject's socket: the proxy in front of the server
const randomIp = () => [...randomBytes(4)].map((b, i) => (i === 0 ? 11 + (b % 200) : b)).join(".");
const statuses = (all: { statusCode: number }[]) => all.map((r) => r.statusCode);
const count = (list: number[], status: number) => list.filter((s) => s === status).length;

function login(
  t: TestContext,
  email: string,
  password: string,
  o: { xff?: string; remote?: string; cookie?: string } = {},
) {
  return t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email, password },
    remoteAddress: o.remote ?? PROXY,
    headers: { ...(o.xff ? { "x-forwarded-for": o.xff } : {}), ...(o.cookie ? { cookie: o.cookie } : {}) },
  });
}

describe("the client address: Fastify's under TRUST_PROXY, an IPv6 address as its /64", () => {
  async function addressOf(trust: Parameters<typeof trustProxyOption>[0], remote: string, xff?: string) {
    const app = Fastify({ trustProxy: trustProxyOption(trust) });
    app.get("/", async (request) => ({ address: clientAddress(request) }));
    const res = await app.inject({
      method: "GET",
      url: "/",
      remoteAddress: remote,
      headers: xff ? { "x-forwarded-for": xff } : {},
    });
    await app.close();
    return res.json().address as string;
  }

  it("takes the address from the right of X-Forwarded-For, as far as the trusted proxies go", async () => {
    expect(await addressOf(false, "10.0.0.2", "6.6.6.6")).toBe("10.0.0.2");
    expect(await addressOf(1, "10.0.0.2", "6.6.6.6, 198.51.100.7")).toBe("198.51.100.7");
    expect(await addressOf(2, "10.0.0.2", "6.6.6.6, 198.51.100.7, 10.0.0.9")).toBe("198.51.100.7");
    expect(await addressOf(1, "10.0.0.2")).toBe("10.0.0.2");
    // By address: only the named proxies are skipped; a client reaching the server directly is
    // its own address whatever it writes.
    expect(await addressOf(["10.0.0.0/8"], "10.0.0.2", "6.6.6.6, 198.51.100.7, 10.0.0.9")).toBe(
      "198.51.100.7",
    );
    expect(await addressOf(["10.0.0.0/8"], "203.0.113.5", "6.6.6.6")).toBe("203.0.113.5");
  });

  it("reduces an IPv6 address to its /64 and an IPv4-mapped one to IPv4", async () => {
    expect(await addressOf(false, "2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::");
    expect(await addressOf(false, "2001:db8:1:2::1")).toBe("2001:db8:1:2::");
    expect(await addressOf(1, "10.0.0.2", "2001:db8:9:9::77")).toBe("2001:db8:9:9::");
    expect(await addressOf(false, "::ffff:192.0.2.1")).toBe("192.0.2.1");
  });

  it("better-auth records the same address for the session", async () => {
    const s = await makeStudent(behindOne);
    const res = await login(behindOne, s.email, PASSWORD, { xff: "6.6.6.6, 198.51.100.23" });
    expect(res.statusCode).toBe(200);
    const token = decodeURIComponent(cookieFrom(res).match(/session_token=([^.;]+)/)![1]);
    const [row] = await behindOne.database.db
      .select({ ip: sessions.ipAddress })
      .from(sessions)
      .where(eq(sessions.token, token));
    expect(row.ip).toBe("198.51.100.23");
  });
});

describe("100 wrong passwords, each with a new X-Forwarded-For", () => {
  it("TRUST_PROXY unset: the header is ignored, so one address: the per-address limit", async () => {
    const victim = await makeStudent(plain);
    const all = statuses(
      await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          login(plain, victim.email, `guess-${i}-x`, { xff: randomIp() }),
        ),
      ),
    );
    expect(count(all, 401)).toBe(LOGIN_LIMITS.perAddress);
    expect(count(all, 429)).toBe(100 - LOGIN_LIMITS.perAddress);
  });

  it("TRUST_PROXY=1: values the client puts in front change nothing", async () => {
    const victim = await makeStudent(behindOne);
    const all = statuses(
      await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          login(behindOne, victim.email, `guess-${i}-x`, {
            xff: `${randomIp()}, ${randomIp()}, 198.51.100.40`,
          }),
        ),
      ),
    );
    expect(count(all, 401)).toBe(LOGIN_LIMITS.perAddress);
    expect(count(all, 429)).toBe(100 - LOGIN_LIMITS.perAddress);
  });

  it("TRUST_PROXY=1, a new real address each (a botnet): bounded by the account's budget; the owner's device gets in", async () => {
    const victim = await makeStudent(behindOne); // signed in once: this browser is a known device
    const attack = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        login(behindOne, victim.email, `guess-${i}-x`, { xff: randomIp() }),
      ),
    );
    const all = statuses(attack);
    expect(count(all, 401)).toBe(LOGIN_LIMITS.perAccount);
    expect(count(all, 429)).toBe(100 - LOGIN_LIMITS.perAccount);
    // The refusal says what the person can do.
    const refused = attack.find((r) => r.statusCode === 429)!;
    expect(refused.json().error.message).toBe(MSG.tooManyLoginsForAccount(10));
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // A new address, even with the right password, is an unknown device: refused unchecked.
    expect((await login(behindOne, victim.email, PASSWORD, { xff: randomIp() })).statusCode).toBe(429);
    // The owner on their device signs in, even from an address the attack used.
    const attackerAddress = "203.0.113.77";
    for (let i = 0; i < LOGIN_LIMITS.perAddress; i++)
      await login(behindOne, victim.email, `more-${i}-x`, { xff: attackerAddress });
    const own = await login(behindOne, victim.email, PASSWORD, {
      xff: attackerAddress,
      cookie: victim.cookie,
    });
    expect(own.statusCode).toBe(200);
  });

  it("a device cookie counts for its own account only, and a failing device is limited on its own", async () => {
    const victim = await makeStudent(behindOne);
    const attacker = await makeStudent(behindOne); // the attacker's own account gives a device cookie
    await Promise.all(
      Array.from({ length: LOGIN_LIMITS.perAccount }, (_, i) =>
        login(behindOne, victim.email, `guess-${i}-x`, { xff: randomIp() }),
      ),
    );
    const borrowed = await login(behindOne, victim.email, "guess-x", {
      xff: randomIp(),
      cookie: attacker.cookie,
    });
    expect(borrowed.statusCode).toBe(429);
    // The owner's device: its own few tries a minute, then 429, whatever the account's budget.
    const own = statuses(
      await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          login(behindOne, victim.email, `typo-${i}-x`, { xff: randomIp(), cookie: victim.cookie }),
        ),
      ),
    );
    expect(count(own, 401)).toBe(LOGIN_LIMITS.perDevice);
    expect(count(own, 429)).toBe(12 - LOGIN_LIMITS.perDevice);
  });

  it("an IPv6 client is one address per /64", async () => {
    const victim = await makeStudent(plain);
    const hosts = Array.from({ length: 20 }, (_, i) => `2001:db8:77:1::${(i + 1).toString(16)}`);
    const all = statuses(
      await Promise.all(hosts.map((h, i) => login(plain, victim.email, `guess-${i}-x`, { remote: h }))),
    );
    expect(count(all, 401)).toBe(LOGIN_LIMITS.perAddress);
    expect(count(all, 429)).toBe(20 - LOGIN_LIMITS.perAddress);
  });
});

describe("a classroom behind one NAT is never blocked", () => {
  it("50 students from one address, each with a typo first, all sign in", async () => {
    const tag = unique("nat");
    const classroom = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        createAccount(behindOne.database.db, {
          name: `Classmate ${i}`,
          email: `${tag}-${i}@example.edu`,
          password: PASSWORD,
          role: "student",
          studentId: `${tag}-${i}`.toUpperCase(),
        }),
      ),
    );
    const nat = "198.51.100.200";
    const typos = await Promise.all(
      classroom.map((s) => login(behindOne, s.email, "a-typo-x", { xff: `${randomIp()}, ${nat}` })),
    );
    expect(statuses(typos)).toEqual(Array(50).fill(401));
    const right = await Promise.all(classroom.map((s) => login(behindOne, s.email, PASSWORD, { xff: nat })));
    expect(statuses(right)).toEqual(Array(50).fill(200));
  });
});

describe("registration and forgot-password limits cannot be walked around with the header", () => {
  it.each([
    ["unset", () => plain, () => randomIp()],
    ["1", () => behindOne, () => `${randomIp()}, 198.51.100.60`],
  ])("TRUST_PROXY %s: registrations stop at the per-address limit", async (_, app, xff) => {
    const t = app();
    const tag = unique("xr");
    const extra = 5;
    const all = await Promise.all(
      Array.from({ length: REGISTER_LIMIT.max + extra }, (_, i) =>
        t.app.inject({
          method: "POST",
          url: "/api/auth/register",
          remoteAddress: PROXY,
          headers: { "x-forwarded-for": xff() },
          payload: {
            name: `Flood ${i}`,
            email: `${tag}-${i}@example.edu`,
            studentId: `${tag}-${i}`.toUpperCase(),
            password: PASSWORD,
          },
        }),
      ),
    );
    expect(count(statuses(all), 201)).toBe(REGISTER_LIMIT.max);
    expect(count(statuses(all), 429)).toBe(extra);
    const made = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(like(users.email, `${tag}-%`));
    expect(made).toHaveLength(REGISTER_LIMIT.max);
  });

  it.each([
    ["unset", () => plain, () => randomIp()],
    ["1", () => behindOne, () => `${randomIp()}, 198.51.100.61`],
  ])("TRUST_PROXY %s: forgot-password requests stop at the per-address limit", async (_, app, xff) => {
    const t = app();
    const { max } = FORGOT_LIMITS.perAddress;
    const all = statuses(
      await Promise.all(
        Array.from({ length: max + 10 }, () =>
          t.app.inject({
            method: "POST",
            url: "/api/auth/forgot-password",
            remoteAddress: PROXY,
            headers: { "x-forwarded-for": xff() },
            payload: { email: `${unique("nobody")}@example.edu` },
          }),
        ),
      ),
    );
    expect(count(all, 200)).toBe(max);
    expect(count(all, 429)).toBe(10);
  });
});
