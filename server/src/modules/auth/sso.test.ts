import { MSG } from "@shared/messages";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OidcConfig } from "../../config";
import { accounts, activity, sessions, users } from "../../db/schema";
import {
  createTestApp,
  makeStudent,
  makeSupervisor,
  PASSWORD,
  type TestContext,
  unique,
} from "../../test/app";
import { OIDC_CLIENT, type OidcProvider, STUDENT_ID_CLAIM, startOidcProvider } from "../../test/oidc";
import { freePort } from "../../test/smtp";
import { ssoSignIn } from "../../test/sso-browser";

/**
 * Single sign-on against a real OpenID provider (oidc-provider) on a local port: ThesisDesk finds
 * it by discovery, the "browser" signs in on its pages, and better-auth finishes the sign-in.
 * Two ThesisDesk apps: one that makes students (and accepts only uni.example and example.edu
 * addresses), one that
 * does not.
 */

let idp: OidcProvider;
let open: { t: TestContext; base: string };
let closed: { t: TestContext; base: string };

async function startApp(ports: number, oidc: Partial<OidcConfig>, allowedEmailDomains: string[] = []) {
  const base = `http://127.0.0.1:${ports}`;
  const t = await createTestApp({
    publicUrl: base,
    allowedEmailDomains,
    oidc: {
      issuer: idp.issuer,
      clientId: OIDC_CLIENT.id,
      clientSecret: OIDC_CLIENT.secret,
      name: "Uni Login",
      studentIdClaim: STUDENT_ID_CLAIM,
      createStudents: true,
      scopes: ["openid", "email", "profile"],
      ...oidc,
    },
  });
  await t.app.listen({ port: ports, host: "127.0.0.1" });
  return { t, base };
}

beforeAll(async () => {
  const [a, b] = [await freePort(), await freePort()];
  idp = await startOidcProvider([
    `http://127.0.0.1:${a}/api/auth/callback/oidc`,
    `http://127.0.0.1:${b}/api/auth/callback/oidc`,
  ]);
  open = await startApp(a, {}, ["uni.example", "example.edu"]);
  closed = await startApp(b, { createStudents: false, studentIdClaim: undefined });
});
afterAll(async () => {
  await open?.t.close();
  await closed?.t.close();
  await idp?.close();
});

/** A person at the provider, with a fresh login and a verified address at uni.example. */
function person(
  over: Partial<{ email: string; email_verified: boolean; student_number: string; name: string }> = {},
) {
  const login = unique("idp");
  const p = {
    email: `${login}@uni.example`,
    email_verified: true,
    name: `Idp ${login}`,
    student_number: login.toUpperCase(),
    ...over,
  };
  idp.people.set(login, p);
  return { login, ...p };
}

const meOf = async (base: string, cookie: string) => {
  const res = await fetch(`${base}/api/me`, { headers: { cookie } });
  return res.status === 200 ? (await res.json()).user : null;
};

describe("single sign-on", () => {
  it("tells the login page its name and the accepted domains; 404 to start it where it is not set up", async () => {
    const options = await open.t.app.inject({ method: "GET", url: "/api/auth/options" });
    expect(options.json()).toEqual({
      sso: { name: "Uni Login" },
      allowedEmailDomains: ["uni.example", "example.edu"],
    });
    const plain = await createTestApp();
    try {
      expect((await plain.app.inject({ method: "GET", url: "/api/auth/options" })).json()).toEqual({
        sso: null,
        allowedEmailDomains: [],
      });
      const start = await plain.app.inject({ method: "POST", url: "/api/auth/sso", payload: {} });
      expect(start.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it("an unknown verified email becomes a student, with the student ID from the claim, and is signed in", async () => {
    const p = person();
    const result = await ssoSignIn(open.base, p.login, "/student/proposal");
    expect(result.url.pathname).toBe("/login");
    expect(result.url.searchParams.get("next")).toBe("/student/proposal");
    expect(result.url.searchParams.get("error")).toBeNull();
    const user = await meOf(open.base, result.cookie);
    expect(user).toMatchObject({
      email: p.email,
      name: p.name,
      role: "student",
      studentId: p.student_number,
    });
    const [row] = await open.t.database.db.select().from(users).where(eq(users.email, p.email));
    expect(row.emailVerified).toBe(true);
    // The committee's activity log has the sign-up, by the student.
    const log = () => open.t.database.db.select().from(activity).where(eq(activity.subjectId, row.id));
    expect(await log()).toEqual([
      expect.objectContaining({
        actorId: row.id,
        kind: "account",
        action: "register",
        note: "Single sign-on",
      }),
    ]);
    // A second sign-in finds the same account through its link.
    const again = await ssoSignIn(open.base, p.login);
    expect((await meOf(open.base, again.cookie)).id).toBe(row.id);
    const [{ n }] = await open.t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.email, p.email));
    expect(n).toBe(1);
    expect(await log()).toHaveLength(1);
  });

  it("a verified email that matches an account signs into it, whatever its role", async () => {
    const teacher = await makeSupervisor(open.t);
    const p = person({ email: teacher.email.toUpperCase() });
    const result = await ssoSignIn(open.base, p.login);
    expect(result.url.searchParams.get("error")).toBeNull();
    expect(await meOf(open.base, result.cookie)).toMatchObject({ id: teacher.id, role: "supervisor" });
    const links = await open.t.database.db.select().from(accounts).where(eq(accounts.userId, teacher.id));
    expect(links.map((a) => a.providerId).sort()).toEqual(["credential", "oidc"]);
  });

  it("a provider's name is cleaned of direction controls, and replaced when nothing of it is visible", async () => {
    for (const [name, expected] of [
      ["Eve \u202Egnp.exe\u202C", (_login: string) => "Eve gnp.exe"],
      ["\u200B\u2067\u2069 ", (login: string) => login],
    ] as const) {
      const p = person({ name });
      const result = await ssoSignIn(open.base, p.login);
      expect(result.url.searchParams.get("error")).toBeNull();
      expect((await meOf(open.base, result.cookie)).name).toBe(expected(p.login));
    }
  });

  it("refuses an unverified email: no account, no link, no session", async () => {
    const fresh = person({ email_verified: false });
    const refused = await ssoSignIn(open.base, fresh.login);
    expect(refused.url.searchParams.get("error")).toBe("email_not_verified");
    expect(await open.t.database.db.select().from(users).where(eq(users.email, fresh.email))).toEqual([]);
    const student = await makeStudent(open.t);
    const existing = person({ email: student.email, email_verified: false });
    const notLinked = await ssoSignIn(open.base, existing.login);
    expect(notLinked.url.searchParams.get("error")).toBe("account_not_linked");
    expect(await meOf(open.base, notLinked.cookie)).toBeNull();
    const links = await open.t.database.db.select().from(accounts).where(eq(accounts.userId, student.id));
    expect(links.map((a) => a.providerId)).toEqual(["credential"]);
  });

  it("refuses an email outside ALLOWED_EMAIL_DOMAINS", async () => {
    const p = person({ email: `${unique("out")}@elsewhere.example` });
    const result = await ssoSignIn(open.base, p.login);
    expect(result.url.searchParams.get("error")).toBe("domain_not_allowed");
    expect(await open.t.database.db.select().from(users).where(eq(users.email, p.email))).toEqual([]);
  });

  it("refuses a student ID that belongs to another account, and a deactivated account", async () => {
    const holder = await makeStudent(open.t);
    const p = person({ student_number: holder.studentId! });
    expect((await ssoSignIn(open.base, p.login)).url.searchParams.get("error")).toBe("student_id_taken");
    // The same student ID in another case is the same student ID (DESIGN.md §13).
    const lower = person({ student_number: holder.studentId!.toLowerCase() });
    expect((await ssoSignIn(open.base, lower.login)).url.searchParams.get("error")).toBe("student_id_taken");
    expect(await open.t.database.db.select().from(users).where(eq(users.email, lower.email))).toEqual([]);

    const gone = await makeStudent(open.t);
    await open.t.database.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, gone.id));
    await open.t.database.db.delete(sessions).where(eq(sessions.userId, gone.id));
    const q = person({ email: gone.email });
    const result = await ssoSignIn(open.base, q.login);
    expect(result.url.searchParams.get("error")).toBe("account_deactivated");
    const [{ n }] = await open.t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sessions)
      .where(eq(sessions.userId, gone.id));
    expect(n).toBe(0);
  });

  it("with OIDC_CREATE_STUDENTS=false an unknown email is refused; a known one still signs in", async () => {
    const p = person();
    const refused = await ssoSignIn(closed.base, p.login);
    expect(refused.url.searchParams.get("error")).toBe("signup_disabled");
    expect(await closed.t.database.db.select().from(users).where(eq(users.email, p.email))).toEqual([]);
    const student = await makeStudent(closed.t);
    const known = person({ email: student.email });
    const result = await ssoSignIn(closed.base, known.login);
    expect((await meOf(closed.base, result.cookie))?.id).toBe(student.id);
  });

  it("a callback with a made-up state or code goes back to the login page with an error", async () => {
    for (const query of ["", "?state=made-up&code=abc", "?error=access_denied&state=x"]) {
      const res = await open.t.app.inject({ method: "GET", url: `/api/auth/callback/oidc${query}` });
      expect(res.statusCode).toBe(302);
      const location = new URL(res.headers.location as string);
      expect(`${location.origin}${location.pathname}`).toBe(`${open.base}/login`);
      expect(location.searchParams.get("error")).toBeTruthy();
      expect(res.headers["set-cookie"] ?? "").not.toContain("session_token=");
    }
  });
});

describe("ALLOWED_EMAIL_DOMAINS at registration", () => {
  it("accepts only the listed domains, with a message naming them", async () => {
    const tag = unique("reg");
    const register = (email: string) =>
      open.t.app.inject({
        method: "POST",
        url: "/api/auth/register",
        payload: { name: "Reg Student", email, studentId: `${tag}-${email.length}`, password: PASSWORD },
      });
    const refused = await register(`${tag}@gmail.com`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({
      email: MSG.domainNotAllowed(["uni.example", "example.edu"]),
    });
    expect((await register(`${tag}@UNI.example`)).statusCode).toBe(201);
  });
});
