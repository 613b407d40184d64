import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { errorResponseSchema } from "@shared/schemas/common";
import { count, eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allocationScenarios, proposals, rooms, theses, verifications } from "../db/schema";
import { newToken, tokenRow } from "../modules/accounts/reset-tokens.repository";
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
} from "../test/app";
import { makeCell, makeProposal } from "../test/factories";
import { makePdf, multipartFile } from "../test/pdf";

/**
 * Who may call what. One row per API route (taken from Fastify's own route list, so a new
 * route without a row fails here) × six callers. Each request carries a body that is valid
 * for that caller, so the status says what the caller may do, not how well they typed.
 *
 * The world: supervisor S (cell X) with group G = proposal P (Pending: students A and B),
 * supervisor S2 (cells Y and W) with group G2 = proposal P2 (student C), committee member K,
 * a notice N from S to G and a chat message in G. PR is a second Pending proposal for S that
 * S reviews, so that the review does not change G.
 */

const CALLERS = [
  "signedOut",
  "groupStudent",
  "otherStudent",
  "supervisor",
  "otherSupervisor",
  "committee",
] as const;
type Caller = (typeof CALLERS)[number];
/** Expected statuses in the order of CALLERS. */
type Statuses = [number, number, number, number, number, number];

/** Documentation routes are Swagger UI's and the OpenAPI document: public, read-only, not ours. */
const isDocumentation = (url: string) => url === "/api/openapi.json" || url.startsWith("/api/docs");

interface World {
  users: Record<Exclude<Caller, "signedOut">, TestUser>;
  memberB: TestUser;
  cellX: string;
  cellY: string;
  cellW: string;
  spareCell: string;
  /** Rooms for defenses: one to change, one to delete. */
  room: string;
  doomedRoom: string;
  /** The current term (Default), and two terms without proposals: one to change, one to delete. */
  term: string;
  spareTerm: string;
  doomedTerm: string;
  P: string;
  P2: string;
  PR: string;
  /** Awaiting members: groupStudent has an open invitation to it. */
  INV: string;
  /** Denied, created by groupStudent: withdrawing it is refused (409), past every permission check. */
  PD: string;
  /** Awaiting committee (quiet students, supervisor S). */
  AC: string;
  /** Denied (quiet students, supervisor S): the committee reopens it. */
  RD: string;
  /** Pending with spare supervisor S3 in cell Z: the committee gives it to S4. */
  RA: string;
  /** A thesis in Writing (S3's Approved proposal, a quiet student) whose second examiner is supervisor S. */
  TH: string;
  /** A thesis in Writing of two other students (S3's): the committee removes one, then records it failed. */
  TH2: string;
  TH2member: string;
  S4: string;
  /** P's title. */
  titleOfP: string;
  /** A PDF that groupStudent uploaded, version 1's document of P. */
  document: string;
  /** An allocation term (not current) with two of S's topics in cell X: one to change, one to withdraw. */
  AT: string;
  /** A what-if scenario of AT (copied from no draft that exists: adopting it is refused as stale). */
  SC: string;
  topic: string;
  doomedTopic: string;
  notice: string;
  /** groupStudent's chat message in G. */
  message: string;
  pictureUrl: string;
  loginAccount: { email: string; password: string };
  /** A student the committee edits, sends links to, deactivates and reactivates. */
  spare: TestUser;
  /** Password links, each for an account of its own, one used per caller. */
  resetTokens: string[];
}

interface Request {
  url: string;
  payload?: string | Buffer | object;
  headers?: Record<string, string>;
}

interface Row {
  method: string;
  /** The route as Fastify lists it. */
  route: string;
  expect: Statuses;
  request: (w: World, caller: Caller) => Request;
  /** The request ends the caller's session: each caller uses a session of its own for it. */
  ownSession?: boolean;
  /** The answer renews the caller's cookie (as a browser would keep it). */
  renewsCookie?: boolean;
  /** A server-sent event stream: asked over real HTTP and closed once the status is known. */
  stream?: boolean;
  /** What the caller received must also be theirs to see. */
  check?: (res: LightMyRequestResponse, caller: Caller, w: World) => void | Promise<void>;
}

const png = () =>
  sharp({ create: { width: 32, height: 32, channels: 3, background: "#36c" } })
    .png()
    .toBuffer();

function multipart(data: Buffer) {
  const boundary = `----matrix${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

let pictureBody: { payload: Buffer; headers: Record<string, string> };

const ids = (res: LightMyRequestResponse) => (res.json().items as { id: string }[]).map((i) => i.id);

const ROWS: Row[] = [
  // ── system, auth and setup ─────────────────────────────────────────────────
  {
    method: "GET",
    route: "/api/health",
    expect: [200, 200, 200, 200, 200, 200],
    request: () => ({ url: "/api/health" }),
  },
  {
    method: "POST",
    route: "/api/auth/register",
    expect: [201, 201, 201, 201, 201, 201],
    request: () => {
      const tag = unique("mx");
      return {
        url: "/api/auth/register",
        payload: {
          name: "New Student",
          email: `${tag}@example.edu`,
          studentId: tag.toUpperCase(),
          password: PASSWORD,
        },
      };
    },
  },
  {
    method: "POST",
    route: "/api/auth/login",
    expect: [200, 200, 200, 200, 200, 200],
    request: (w) => ({ url: "/api/auth/login", payload: w.loginAccount }),
  },
  {
    method: "GET",
    route: "/api/auth/session",
    expect: [200, 200, 200, 200, 200, 200],
    request: () => ({ url: "/api/auth/session" }),
    check: (res, caller, w) => {
      if (caller === "signedOut") expect(res.json()).toEqual({ user: null, sessionEnded: false });
      else expect(res.json().user.id).toBe(w.users[caller].id);
    },
  },
  {
    method: "GET",
    route: "/api/auth/options",
    expect: [200, 200, 200, 200, 200, 200],
    request: () => ({ url: "/api/auth/options" }),
  },
  {
    // The same answer for everyone, signed in or not, whatever the email.
    method: "POST",
    route: "/api/auth/forgot-password",
    expect: [200, 200, 200, 200, 200, 200],
    request: (w) => ({ url: "/api/auth/forgot-password", payload: { email: w.loginAccount.email } }),
  },
  {
    // Whether a link works: anyone may ask (the answer is valid or not, nothing else).
    method: "GET",
    route: "/api/auth/reset-password",
    expect: [200, 200, 200, 200, 200, 200],
    request: () => ({ url: "/api/auth/reset-password?token=a-made-up-token" }),
    check: (res) => expect(res.json()).toEqual({ valid: false }),
  },
  {
    method: "POST",
    route: "/api/auth/reset-password",
    expect: [200, 200, 200, 200, 200, 200],
    request: (w) => ({
      url: "/api/auth/reset-password",
      payload: { token: w.resetTokens.pop(), newPassword: `reset-${PASSWORD}` },
    }),
  },
  {
    // Single sign-on is not set up in this world: nobody can start it.
    method: "POST",
    route: "/api/auth/sso",
    expect: [404, 404, 404, 404, 404, 404],
    request: () => ({ url: "/api/auth/sso", payload: {} }),
  },
  {
    // The provider's way back: a redirect to the login page for anyone (here with an error).
    method: "GET",
    route: "/api/auth/callback/:id",
    expect: [302, 302, 302, 302, 302, 302],
    request: () => ({ url: "/api/auth/callback/oidc?state=made-up&code=made-up" }),
  },
  {
    method: "POST",
    route: "/api/auth/logout",
    expect: [401, 200, 200, 200, 200, 200],
    ownSession: true,
    request: () => ({ url: "/api/auth/logout" }),
  },
  {
    method: "GET",
    route: "/api/setup",
    expect: [200, 200, 200, 200, 200, 200],
    request: () => ({ url: "/api/setup" }),
  },
  {
    // A committee account exists, so setup is over for everyone, whatever the token.
    method: "POST",
    route: "/api/setup",
    expect: [409, 409, 409, 409, 409, 409],
    request: () => ({
      url: "/api/setup",
      payload: {
        token: "a-token",
        name: "Late Admin",
        email: `${unique("su")}@example.edu`,
        password: PASSWORD,
      },
    }),
  },

  // ── own profile ────────────────────────────────────────────────────────────
  {
    method: "GET",
    route: "/api/me",
    expect: [401, 200, 200, 200, 200, 200],
    request: () => ({ url: "/api/me" }),
    check: (res, caller, w) => {
      if (caller !== "signedOut") expect(res.json().user.id).toBe(w.users[caller].id);
    },
  },
  {
    method: "PATCH",
    route: "/api/me",
    expect: [401, 200, 200, 200, 200, 200],
    request: (w, caller) => ({
      url: "/api/me",
      payload: { name: caller === "signedOut" ? "Nobody" : w.users[caller].name },
    }),
  },
  {
    method: "GET",
    route: "/api/me/calendar",
    expect: [401, 200, 200, 200, 200, 200],
    request: () => ({ url: "/api/me/calendar" }),
  },
  {
    method: "POST",
    route: "/api/me/calendar-token",
    expect: [401, 200, 200, 200, 200, 200],
    request: () => ({ url: "/api/me/calendar-token", payload: {} }),
  },
  {
    method: "PUT",
    route: "/api/me/listing-consent",
    expect: [401, 200, 200, 403, 403, 403],
    request: () => ({ url: "/api/me/listing-consent", payload: { showNameOnPublicDefenses: false } }),
  },
  {
    method: "GET",
    route: "/api/calendar/feed/:file",
    // A token nobody holds: the same 404 to everyone, the feed's holder is its token, not a session.
    expect: [404, 404, 404, 404, 404, 404],
    request: () => ({ url: `/api/calendar/feed/${"A".repeat(43)}.ics` }),
  },
  {
    method: "GET",
    route: "/api/calendar/public.ics",
    expect: [200, 200, 200, 200, 200, 200],
    request: () => ({ url: "/api/calendar/public.ics" }),
  },
  // The archive (DESIGN.md §19): anyone lists and reads its filters; TH is in Writing, no entry (404 to all).
  {
    method: "GET",
    route: "/api/archive",
    expect: [200, 200, 200, 200, 200, 200],
    request: () => ({ url: "/api/archive?q=thesis&type=Thesis" }),
  },
  {
    method: "GET",
    route: "/api/archive/filters",
    expect: [200, 200, 200, 200, 200, 200],
    request: () => ({ url: "/api/archive/filters" }),
  },
  {
    method: "GET",
    route: "/api/archive/:id",
    expect: [404, 404, 404, 404, 404, 404],
    request: (w) => ({ url: `/api/archive/${w.TH}` }),
  },
  {
    method: "GET",
    route: "/api/archive/:id/document",
    expect: [404, 404, 404, 404, 404, 404],
    request: (w) => ({ url: `/api/archive/${w.TH}/document` }),
  },
  {
    method: "PATCH",
    route: "/api/me/notifications",
    expect: [401, 200, 200, 200, 200, 200],
    request: () => ({ url: "/api/me/notifications", payload: { emailNotifications: true } }),
  },
  {
    method: "POST",
    route: "/api/me/password",
    expect: [401, 200, 200, 200, 200, 200],
    renewsCookie: true,
    request: (w, caller) => {
      const current = caller === "signedOut" ? PASSWORD : w.users[caller].password;
      return { url: "/api/me/password", payload: { currentPassword: current, newPassword: `${current}-2` } };
    },
  },
  {
    method: "PUT",
    route: "/api/me/picture",
    expect: [401, 200, 200, 200, 200, 200],
    request: () => ({ url: "/api/me/picture", ...pictureBody }),
  },
  {
    method: "GET",
    route: "/api/me/export",
    expect: [401, 200, 200, 200, 200, 200],
    request: () => ({ url: "/api/me/export" }),
    check: (res, caller, w) => {
      if (caller !== "signedOut") expect(res.json().account.id).toBe(w.users[caller].id);
    },
  },
  {
    // Pictures appear beside names in chats and lists: any signed-in user may load one.
    method: "GET",
    route: "/api/pictures/:file",
    expect: [401, 200, 200, 200, 200, 200],
    request: (w) => ({ url: w.pictureUrl }),
  },

  // ── research cells ─────────────────────────────────────────────────────────
  {
    method: "GET",
    route: "/api/research-cells",
    expect: [401, 200, 200, 200, 200, 200],
    request: () => ({ url: "/api/research-cells?include=supervisors" }),
  },
  {
    method: "GET",
    route: "/api/research-cells/:id",
    expect: [401, 200, 200, 200, 200, 200],
    request: (w) => ({ url: `/api/research-cells/${w.cellX}` }),
  },
  {
    method: "POST",
    route: "/api/research-cells",
    expect: [401, 403, 403, 403, 403, 201],
    request: () => ({
      url: "/api/research-cells",
      payload: { title: `Cell ${unique("mx")}`, description: "New." },
    }),
  },
  {
    method: "PATCH",
    route: "/api/research-cells/:id",
    expect: [401, 403, 403, 403, 403, 200],
    request: (w) => ({
      url: `/api/research-cells/${w.spareCell}`,
      payload: { title: `Cell ${unique("mx")}`, description: "Changed." },
    }),
  },

  // ── retention (DESIGN.md §19): the committee's preview ──
  {
    method: "GET",
    route: "/api/retention/preview",
    expect: [401, 403, 403, 403, 403, 200],
    request: () => ({ url: "/api/retention/preview" }),
  },

  // ── rooms for defenses (everyone signed in reads them; the committee keeps them) ──
  {
    method: "GET",
    route: "/api/rooms",
    expect: [401, 200, 200, 200, 200, 200],
    request: () => ({ url: "/api/rooms" }),
  },
  {
    method: "POST",
    route: "/api/rooms",
    expect: [401, 403, 403, 403, 403, 201],
    request: () => ({ url: "/api/rooms", payload: { name: `Room ${unique("mx")}`, capacity: 12 } }),
  },
  {
    method: "PATCH",
    route: "/api/rooms/:id",
    expect: [401, 403, 403, 403, 403, 200],
    request: (w) => ({
      url: `/api/rooms/${w.room}`,
      payload: { name: `Room ${unique("mx")}`, capacity: 14 },
    }),
  },
  {
    method: "DELETE",
    route: "/api/rooms/:id",
    expect: [401, 403, 403, 403, 403, 200],
    request: (w) => ({ url: `/api/rooms/${w.doomedRoom}` }),
  },

  // ── terms (committee; everyone reads them) ────────────────────────────────
  {
    method: "GET",
    route: "/api/terms",
    expect: [401, 200, 200, 200, 200, 200],
    request: () => ({ url: "/api/terms" }),
  },
  {
    method: "POST",
    route: "/api/terms",
    expect: [401, 403, 403, 403, 403, 201],
    request: () => ({ url: "/api/terms", payload: { name: `Term ${unique("mx")}` } }),
  },
  {
    method: "PATCH",
    route: "/api/terms/:id",
    expect: [401, 403, 403, 403, 403, 200],
    request: (w) => ({ url: `/api/terms/${w.spareTerm}`, payload: { reviewDueDays: 10 } }),
  },
  {
    method: "DELETE",
    route: "/api/terms/:id",
    expect: [401, 403, 403, 403, 403, 200],
    request: (w) => ({ url: `/api/terms/${w.doomedTerm}` }),
  },
  {
    method: "POST",
    route: "/api/terms/:id/current",
    expect: [401, 403, 403, 403, 403, 200],
    request: (w) => ({ url: `/api/terms/${w.term}/current` }),
  },
  {
    method: "PUT",
    route: "/api/terms/:id/capacities/:supervisorId",
    expect: [401, 403, 403, 403, 403, 200],
    request: (w) => ({
      url: `/api/terms/${w.term}/capacities/${w.users.otherSupervisor.id}`,
      payload: { capacity: 50 },
    }),
  },
  {
    method: "DELETE",
    route: "/api/terms/:id/capacities/:supervisorId",
    expect: [401, 403, 403, 403, 403, 200],
    request: (w) => ({ url: `/api/terms/${w.term}/capacities/${w.users.otherSupervisor.id}` }),
  },
  {
    method: "GET",
    route: "/api/terms/:id/load",
    expect: [401, 403, 403, 403, 403, 200],
    request: (w) => ({ url: `/api/terms/${w.term}/load` }),
  },

  // ── people (committee) ─────────────────────────────────────────────────────
  {
    method: "GET",
    route: "/api/users",
    expect: [401, 403, 403, 403, 403, 200],
    request: () => ({ url: "/api/users?role=student" }),
  },
  {
    method: "POST",
    route: "/api/users",
    expect: [401, 403, 403, 403, 403, 201],
    request: () => ({
      url: "/api/users",
      payload: {
        role: "supervisor",
        name: "New Teacher",
        email: `${unique("t")}@example.edu`,
        password: PASSWORD,
      },
    }),
  },
  {
    method: "POST",
    route: "/api/users/:id/research-cells",
    expect: [401, 403, 403, 403, 403, 201],
    request: (w) => ({
      url: `/api/users/${w.users.otherSupervisor.id}/research-cells`,
      payload: { researchCellId: w.spareCell },
    }),
  },
  {
    method: "DELETE",
    route: "/api/users/:id/research-cells/:cellId",
    expect: [401, 403, 403, 403, 403, 200],
    request: (w) => ({ url: `/api/users/${w.users.otherSupervisor.id}/research-cells/${w.cellW}` }),
  },
  {
    method: "PATCH",
    route: "/api/users/:id",
    expect: [401, 403, 403, 403, 403, 200],
    request: (w) => ({ url: `/api/users/${w.spare.id}`, payload: { name: "Spare Student" } }),
  },
  {
    method: "POST",
    route: "/api/users/:id/password-reset",
    expect: [401, 403, 403, 403, 403, 200],
    request: (w) => ({ url: `/api/users/${w.spare.id}/password-reset` }),
  },
  {
    method: "POST",
    route: "/api/users/:id/deactivate",
    expect: [401, 403, 403, 403, 403, 200],
    request: (w) => ({ url: `/api/users/${w.spare.id}/deactivate` }),
  },
  {
    method: "POST",
    route: "/api/users/:id/reactivate",
    expect: [401, 403, 403, 403, 403, 200],
    request: (w) => ({ url: `/api/users/${w.spare.id}/reactivate` }),
  },
  {
    method: "GET",
    route: "/api/users/:id/open-proposals",
    expect: [401, 403, 403, 403, 403, 200],
    request: (w) => ({ url: `/api/users/${w.users.groupStudent.id}/open-proposals` }),
    check: (res, _caller, w) => expect(res.json().items.map((i: { id: string }) => i.id)).toEqual([w.P]),
  },
  {
    // A dry run (the default): it reports and changes nothing.
    method: "POST",
    route: "/api/users/import",
    expect: [401, 403, 403, 403, 403, 200],
    request: () => ({
      url: "/api/users/import?role=student",
      payload: `name,email,studentId\nNew Person,${unique("imp")}@example.edu,${unique("ID")}\n`,
      headers: { "content-type": "text/csv" },
    }),
  },
  {
    method: "GET",
    route: "/api/committee/dashboard",
    expect: [401, 403, 403, 403, 403, 200],
    request: () => ({ url: "/api/committee/dashboard" }),
  },
  {
    method: "GET",
    route: "/api/exports/users.csv",
    expect: [401, 403, 403, 403, 403, 200],
    request: () => ({ url: "/api/exports/users.csv?role=student" }),
  },
  {
    method: "GET",
    route: "/api/exports/proposals.csv",
    expect: [401, 403, 403, 403, 403, 200],
    request: () => ({ url: "/api/exports/proposals.csv" }),
  },

  // ── directory ──────────────────────────────────────────────────────────────
  {
    method: "GET",
    route: "/api/supervisors",
    expect: [401, 200, 200, 200, 200, 200],
    request: (w) => ({ url: `/api/supervisors?researchCellId=${w.cellX}` }),
  },
  {
    method: "GET",
    route: "/api/students",
    expect: [401, 200, 200, 403, 403, 403],
    request: () => ({ url: "/api/students?q=" }),
    check: (res, caller) => {
      // Students see names and student IDs of other students (and whether they can be invited), never emails.
      if (caller === "groupStudent" || caller === "otherStudent")
        for (const item of res.json().items)
          expect(Object.keys(item).sort()).toEqual(["id", "name", "studentId", "unavailable"]);
    },
  },

  // ── proposals ──────────────────────────────────────────────────────────────
  {
    // Both students already hold an active proposal: they pass the permission check and meet the rule.
    method: "POST",
    route: "/api/proposals",
    expect: [401, 409, 409, 403, 403, 403],
    request: (w) => ({
      url: "/api/proposals",
      payload: {
        title: "Another idea",
        abstract: "An abstract.",
        type: "Project",
        researchCellId: w.cellX,
        supervisorId: w.users.supervisor.id,
        memberIds: [],
      },
    }),
  },
  {
    method: "GET",
    route: "/api/proposals",
    expect: [401, 200, 200, 200, 200, 200],
    request: () => ({ url: "/api/proposals?pageSize=100" }),
    check: async (res, caller, w) => {
      const seen = ids(res).sort();
      // An invitation shows its proposal to the invitee; a supervisor sees a proposal once it reached them.
      const expected: Record<Exclude<Caller, "signedOut">, string[]> = {
        groupStudent: [w.P, w.INV, w.PD],
        otherStudent: [w.P2],
        supervisor: [w.P, w.PR, w.PD, w.AC, w.RD],
        otherSupervisor: [w.P2],
        committee: [w.P, w.P2, w.PR, w.INV, w.PD, w.AC, w.RD, w.RA],
      };
      if (caller === "signedOut") return;
      if (caller === "committee") {
        const [{ n }] = await t.database.db.select({ n: count() }).from(proposals);
        expect(res.json().total).toBe(Number(n));
        for (const id of expected.committee) expect(seen).toContain(id);
      } else expect(seen).toEqual(expected[caller].sort());
    },
  },
  {
    // Similar titles (DESIGN.md §19): only proposals the caller may already see.
    method: "GET",
    route: "/api/proposals/similar",
    expect: [401, 200, 200, 200, 200, 200],
    request: (w) => ({ url: `/api/proposals/similar?title=${encodeURIComponent(w.titleOfP)}` }),
    check: async (res, caller, w) => {
      if (caller === "signedOut") return;
      const seen = ids(res);
      const visible = await t.app.inject({
        method: "GET",
        url: "/api/proposals?termId=all&pageSize=100",
        headers: { cookie: w.users[caller].cookie },
      });
      for (const id of seen) expect(ids(visible)).toContain(id);
      if (["groupStudent", "supervisor", "committee"].includes(caller)) expect(seen).toContain(w.P);
      else expect(seen).not.toContain(w.P);
    },
  },
  {
    // The Chat and Notice pickers' groups (issue 30 item 17): the list's visibility rule.
    method: "GET",
    route: "/api/proposals/groups",
    expect: [401, 200, 200, 200, 200, 200],
    request: () => ({ url: "/api/proposals/groups" }),
    check: async (res, caller, w) => {
      if (caller === "signedOut") return;
      const seen = ids(res);
      if (["groupStudent", "supervisor", "committee"].includes(caller)) expect(seen).toContain(w.P);
      else expect(seen).not.toContain(w.P);
    },
  },
  {
    method: "GET",
    route: "/api/proposals/:id",
    expect: [401, 200, 404, 200, 404, 200],
    request: (w) => ({ url: `/api/proposals/${w.P}` }),
  },
  {
    method: "POST",
    route: "/api/proposals/:id/review",
    expect: [401, 403, 403, 200, 404, 403],
    request: (w) => ({
      url: `/api/proposals/${w.PR}/review`,
      payload: { status: "Approved", feedback: "Good." },
    }),
  },
  {
    method: "GET",
    route: "/api/supervisor/dashboard",
    expect: [401, 403, 403, 200, 200, 403],
    request: () => ({ url: "/api/supervisor/dashboard" }),
    check: (res, caller, w) => {
      // Counts of the caller's own groups only (S: P, PR and AC, all Thesis; INV has not reached them
      // yet; S2: P2) and their own cells.
      const body = res.json();
      expect(body).not.toHaveProperty("groups");
      const cellIds = body.cells.map((c: { id: string }) => c.id);
      if (caller === "supervisor") {
        expect(body.counts).toMatchObject({ thesisGroups: 3, projectGroups: 0, totalGroups: 3 });
        expect(cellIds).toContain(w.cellX);
        expect(cellIds).not.toContain(w.cellY);
      }
      if (caller === "otherSupervisor") {
        expect(body.counts).toMatchObject({
          thesisGroups: 1,
          projectGroups: 0,
          totalGroups: 1,
          pendingGroups: 1,
        });
        expect(cellIds).not.toContain(w.cellX);
      }
    },
  },

  // ── notices ────────────────────────────────────────────────────────────────
  {
    method: "POST",
    route: "/api/notices",
    expect: [401, 403, 403, 201, 404, 403],
    request: (w) => ({
      url: "/api/notices",
      payload: { proposalId: w.P, title: "Meeting", description: "Monday." },
    }),
  },
  {
    method: "GET",
    route: "/api/notices",
    expect: [401, 200, 200, 200, 200, 403],
    request: () => ({ url: "/api/notices?pageSize=100" }),
    check: (res, caller, w) => {
      if (caller === "signedOut") return;
      const sees = ids(res).includes(w.notice);
      expect(sees).toBe(caller === "groupStudent" || caller === "supervisor");
    },
  },
  {
    method: "GET",
    route: "/api/notices/unread-count",
    expect: [401, 200, 200, 200, 200, 403],
    request: () => ({ url: "/api/notices/unread-count" }),
  },
  {
    method: "GET",
    route: "/api/notices/:id",
    expect: [401, 200, 404, 200, 404, 403],
    request: (w) => ({ url: `/api/notices/${w.notice}` }),
  },
  {
    // Only recipients mark a notice read; its sender is not one.
    method: "POST",
    route: "/api/notices/:id/read",
    expect: [401, 200, 404, 404, 404, 403],
    request: (w) => ({ url: `/api/notices/${w.notice}/read` }),
  },

  // ── live events and chat ───────────────────────────────────────────────────
  {
    method: "GET",
    route: "/api/events",
    expect: [401, 200, 200, 200, 200, 200],
    stream: true,
    request: () => ({ url: "/api/events" }),
  },
  {
    method: "GET",
    route: "/api/proposals/:id/messages",
    expect: [401, 200, 404, 200, 404, 403],
    request: (w) => ({ url: `/api/proposals/${w.P}/messages` }),
  },
  {
    method: "POST",
    route: "/api/proposals/:id/messages",
    expect: [401, 201, 404, 201, 404, 403],
    request: (w) => ({ url: `/api/proposals/${w.P}/messages`, payload: { body: "Hello group." } }),
  },
  {
    method: "POST",
    route: "/api/proposals/:id/messages/read",
    expect: [401, 200, 404, 200, 404, 403],
    request: (w) => ({ url: `/api/proposals/${w.P}/messages/read`, payload: { lastMessageId: w.message } }),
  },
  {
    method: "GET",
    route: "/api/chat/unread",
    expect: [401, 200, 200, 200, 200, 403],
    request: () => ({ url: "/api/chat/unread" }),
    check: async (res, caller, w) => {
      if (caller === "signedOut" || caller === "committee") return;
      const threads = (res.json().threads as { proposalId: string }[]).map((x) => x.proposalId);
      // Only the threads of their own groups.
      for (const id of threads) expect([w.P, w.P2, w.PR, w.PD, w.AC, w.RD]).toContain(id);
      if (caller === "otherStudent" || caller === "otherSupervisor") expect(threads).not.toContain(w.P);
    },
  },

  // ── the proposal's life (DESIGN.md §9), documents and the activity log ───────
  {
    method: "GET",
    route: "/api/proposals/:id/versions",
    expect: [401, 200, 404, 200, 404, 200],
    request: (w) => ({ url: `/api/proposals/${w.P}/versions` }),
  },
  {
    // P is Pending: a new version answers "Changes requested" only.
    method: "POST",
    route: "/api/proposals/:id/versions",
    expect: [401, 409, 404, 403, 403, 403],
    request: (w) => ({
      url: `/api/proposals/${w.P}/versions`,
      payload: { title: "Revised", abstract: "Revised abstract." },
    }),
  },
  {
    method: "GET",
    route: "/api/proposals/:id/timeline",
    expect: [401, 200, 404, 200, 404, 200],
    request: (w) => ({ url: `/api/proposals/${w.P}/timeline` }),
  },
  {
    method: "GET",
    route: "/api/invitations",
    expect: [401, 200, 200, 403, 403, 403],
    request: () => ({ url: "/api/invitations" }),
    check: (res, caller, w) => {
      const seen = res.json().items.map((i: { proposalId: string }) => i.proposalId);
      expect(seen).toEqual(caller === "groupStudent" ? [w.INV] : []);
    },
  },
  {
    method: "POST",
    route: "/api/proposals/:id/invitation",
    expect: [401, 200, 404, 403, 403, 403],
    request: (w) => ({ url: `/api/proposals/${w.INV}/invitation`, payload: { accept: false } }),
  },
  {
    // groupStudent created P: a creator withdraws, never leaves.
    method: "POST",
    route: "/api/proposals/:id/leave",
    expect: [401, 409, 404, 403, 403, 403],
    request: (w) => ({ url: `/api/proposals/${w.P}/leave` }),
  },
  {
    method: "POST",
    route: "/api/proposals/:id/withdraw",
    expect: [401, 409, 404, 403, 403, 409],
    request: (w) => ({ url: `/api/proposals/${w.PD}/withdraw`, payload: { reason: "Changed my mind." } }),
  },
  {
    method: "POST",
    route: "/api/proposals/:id/decision",
    expect: [401, 403, 403, 403, 403, 200],
    request: (w) => ({
      url: `/api/proposals/${w.AC}/decision`,
      payload: { status: "Approved", feedback: "" },
    }),
  },
  {
    method: "POST",
    route: "/api/proposals/:id/reopen",
    expect: [401, 403, 403, 403, 403, 200],
    request: (w) => ({ url: `/api/proposals/${w.RD}/reopen`, payload: { reason: "Denied by mistake." } }),
  },
  {
    method: "POST",
    route: "/api/proposals/:id/reassign",
    expect: [401, 403, 403, 403, 403, 200],
    request: (w) => ({ url: `/api/proposals/${w.RA}/reassign`, payload: { supervisorId: w.S4 } }),
  },
  {
    method: "POST",
    route: "/api/files",
    expect: [401, 201, 201, 403, 403, 403],
    request: () => ({ url: "/api/files", ...multipartFile(makePdf()) }),
  },
  {
    method: "GET",
    route: "/api/files/:id",
    expect: [401, 200, 404, 200, 404, 200],
    request: (w) => ({ url: `/api/files/${w.document}` }),
  },
  {
    method: "GET",
    route: "/api/activity",
    expect: [401, 403, 403, 403, 403, 200],
    request: () => ({ url: "/api/activity" }),
  },
  {
    method: "GET",
    route: "/api/activity.csv",
    expect: [401, 403, 403, 403, 403, 200],
    request: () => ({ url: "/api/activity.csv" }),
  },

  // ── the thesis (DESIGN.md §16) ──
  {
    method: "GET",
    route: "/api/theses",
    expect: [401, 200, 200, 200, 200, 200],
    request: () => ({ url: "/api/theses?termId=all" }),
    check: async (res, caller, w) => {
      if (caller === "signedOut") return;
      const seen = ids(res);
      if (caller === "supervisor" || caller === "committee") expect(seen).toContain(w.TH);
      else expect(seen).not.toContain(w.TH);
    },
  },
  {
    // The committee's grades export (DESIGN.md §17): one row per student.
    method: "GET",
    route: "/api/theses/grades.csv",
    expect: [401, 403, 403, 403, 403, 200],
    request: () => ({ url: "/api/theses/grades.csv?termId=all" }),
  },
  {
    method: "GET",
    route: "/api/theses/:id",
    expect: [401, 404, 404, 200, 404, 200],
    request: (w) => ({ url: `/api/theses/${w.TH}` }),
  },
  {
    method: "GET",
    route: "/api/theses/:id/writing",
    expect: [401, 404, 404, 200, 404, 200],
    request: (w) => ({ url: `/api/theses/${w.TH}/writing` }),
  },
  // Its defense (§18): read by all who see TH (none yet); scheduled by the committee or its supervisor
  // (S is its second examiner: 403), only once submitted (TH is in Writing: the committee's 409).
  {
    method: "GET",
    route: "/api/theses/:id/defense",
    expect: [401, 404, 404, 200, 404, 200],
    request: (w) => ({ url: `/api/theses/${w.TH}/defense` }),
  },
  {
    method: "GET",
    route: "/api/theses/:id/defense/slots",
    expect: [401, 403, 403, 403, 404, 409],
    request: (w) => ({ url: `/api/theses/${w.TH}/defense/slots` }),
  },
  {
    method: "POST",
    route: "/api/theses/:id/defense",
    expect: [401, 403, 403, 403, 404, 409],
    request: (w) => ({
      url: `/api/theses/${w.TH}/defense`,
      payload: {
        startsAt: new Date(Date.now() + 20 * 86_400_000).toISOString(),
        onlineUrl: "https://meet.example.org/th",
        public: true,
      },
    }),
  },
  // Its defense as a file to add: whoever sees TH, which has none yet (404 for all).
  {
    method: "GET",
    route: "/api/theses/:id/defense.ics",
    expect: [401, 404, 404, 404, 404, 404],
    request: (w) => ({ url: `/api/theses/${w.TH}/defense.ics` }),
  },
  // The committee's Defenses screen: the committee only.
  {
    method: "GET",
    route: "/api/defenses",
    expect: [401, 403, 403, 403, 403, 200],
    request: () => ({ url: "/api/defenses" }),
  },
  // A defense that does not exist: teachers and the committee 404, students never (403).
  {
    method: "PATCH",
    route: "/api/defenses/:id",
    expect: [401, 403, 403, 404, 404, 404],
    request: () => ({ url: `/api/defenses/${randomUUID()}`, payload: { public: false } }),
  },
  {
    method: "DELETE",
    route: "/api/defenses/:id",
    expect: [401, 403, 403, 404, 404, 404],
    request: () => ({ url: `/api/defenses/${randomUUID()}` }),
  },
  {
    method: "PUT",
    route: "/api/defenses/:id/minutes",
    expect: [401, 403, 403, 404, 404, 404],
    request: () => ({ url: `/api/defenses/${randomUUID()}/minutes`, payload: { text: "Defended." } }),
  },
  // A member's actions: the matrix's students are not TH's members (404), teachers and the committee never (403).
  {
    method: "POST",
    route: "/api/theses/:id/drafts",
    expect: [401, 404, 404, 403, 403, 403],
    request: (w) => ({ url: `/api/theses/${w.TH}/drafts`, payload: { documentId: w.document } }),
  },
  {
    method: "POST",
    route: "/api/theses/:id/extension",
    expect: [401, 404, 404, 403, 403, 403],
    request: (w) => ({
      url: `/api/theses/${w.TH}/extension`,
      payload: { dueAt: new Date(Date.now() + 90 * 86_400_000).toISOString(), reason: "Ill." },
    }),
  },
  {
    method: "PUT",
    route: "/api/theses/:id/declaration",
    expect: [401, 404, 404, 403, 403, 403],
    request: (w) => ({ url: `/api/theses/${w.TH}/declaration`, payload: { declaration: true } }),
  },
  {
    method: "POST",
    route: "/api/theses/:id/submission",
    expect: [401, 404, 404, 403, 403, 403],
    request: (w) => ({ url: `/api/theses/${w.TH}/submission`, payload: {} }),
  },
  // The examiners and the marking (DESIGN.md §17), on TH in Writing: the committee names examiners
  // (a student refused by name: 400); S, TH's second examiner, may not assess it yet (409) but reads
  // the assessments; final grades only on Disputed (409).
  {
    method: "PUT",
    route: "/api/theses/:id/examiners",
    expect: [401, 403, 403, 403, 403, 400],
    request: (w) => ({ url: `/api/theses/${w.TH}/examiners`, payload: { secondExaminerId: w.spare.id } }),
  },
  {
    method: "PUT",
    route: "/api/theses/:id/assessment",
    expect: [401, 403, 403, 409, 404, 403],
    request: (w) => ({
      url: `/api/theses/${w.TH}/assessment`,
      payload: { scores: { Overall: 50 }, grades: {}, studentComment: "", internalComment: "" },
    }),
  },
  {
    method: "GET",
    route: "/api/theses/:id/assessments",
    expect: [401, 403, 403, 200, 404, 200],
    request: (w) => ({ url: `/api/theses/${w.TH}/assessments` }),
  },
  {
    method: "POST",
    route: "/api/theses/:id/final-grades",
    expect: [401, 403, 403, 403, 403, 409],
    request: (w) => ({ url: `/api/theses/${w.TH}/final-grades`, payload: { grades: {}, reason: "Agreed." } }),
  },
  // Its supervisor only: S, TH's second examiner, is refused by the table (403); another teacher does not see it.
  {
    method: "POST",
    route: "/api/theses/:id/return",
    expect: [401, 403, 403, 403, 404, 403],
    request: (w) => ({
      url: `/api/theses/${w.TH}/return`,
      payload: { reason: "Fix chapter 2.", dueAt: new Date(Date.now() + 90 * 86_400_000).toISOString() },
    }),
  },
  // Supervisor S is TH's second examiner, not its supervisor (the table: 403); the committee gets
  // past every check to "no request to decide" (409).
  {
    method: "POST",
    route: "/api/theses/:id/extension/decision",
    expect: [401, 403, 403, 403, 404, 409],
    request: (w) => ({ url: `/api/theses/${w.TH}/extension/decision`, payload: { approve: true, note: "" } }),
  },
  {
    method: "DELETE",
    route: "/api/theses/:id/members/:studentId",
    expect: [401, 403, 403, 403, 403, 200],
    request: (w) => ({
      url: `/api/theses/${w.TH2}/members/${w.TH2member}`,
      payload: { reason: "Left the university." },
    }),
  },
  {
    method: "POST",
    route: "/api/theses/:id/fail",
    expect: [401, 403, 403, 403, 403, 200],
    request: (w) => ({ url: `/api/theses/${w.TH2}/fail`, payload: { reason: "Not submitted." } }),
  },
  // The release and the official record (DESIGN.md §17, §19). On TH in Writing: its proposal (its
  // supervisor only: S, its second examiner, refused by the table) and a member's consent (A and B
  // are not its members: 404). TH2, Graded by the failure above: released, its visibility changed,
  // a grade corrected (the committee gets past every check to the member named: 400), annulled.
  {
    method: "GET",
    route: "/api/theses/:id/result",
    expect: [401, 404, 404, 200, 404, 200],
    request: (w) => ({ url: `/api/theses/${w.TH}/result` }),
  },
  {
    method: "PUT",
    route: "/api/theses/:id/visibility-proposal",
    expect: [401, 403, 403, 403, 404, 403],
    request: (w) => ({ url: `/api/theses/${w.TH}/visibility-proposal`, payload: { visibility: "Public" } }),
  },
  {
    method: "PUT",
    route: "/api/theses/:id/publication-consent",
    expect: [401, 404, 404, 403, 403, 403],
    request: (w) => ({ url: `/api/theses/${w.TH}/publication-consent`, payload: { public: true } }),
  },
  {
    method: "POST",
    route: "/api/theses/:id/release",
    expect: [401, 403, 403, 403, 403, 200],
    request: (w) => ({ url: `/api/theses/${w.TH2}/release`, payload: {} }),
  },
  {
    method: "POST",
    route: "/api/terms/:id/release-grades",
    expect: [401, 403, 403, 403, 403, 200],
    request: (w) => ({ url: `/api/terms/${w.spareTerm}/release-grades`, payload: {} }),
  },
  {
    method: "PATCH",
    route: "/api/theses/:id/visibility",
    expect: [401, 403, 403, 403, 403, 200],
    request: (w) => ({ url: `/api/theses/${w.TH2}/visibility`, payload: { visibility: "Private" } }),
  },
  {
    method: "POST",
    route: "/api/theses/:id/grade-correction",
    expect: [401, 403, 403, 403, 403, 400],
    request: (w) => ({
      url: `/api/theses/${w.TH2}/grade-correction`,
      payload: { studentId: randomUUID(), grade: "5.0", reason: "Recounted." },
    }),
  },
  {
    method: "POST",
    route: "/api/theses/:id/annul",
    expect: [401, 403, 403, 403, 403, 200],
    request: (w) => ({ url: `/api/theses/${w.TH2}/annul`, payload: { reason: "Plagiarism." } }),
  },
  {
    method: "POST",
    route: "/api/theses/:id/cancel",
    expect: [401, 403, 403, 403, 403, 200],
    request: (w) => ({ url: `/api/theses/${w.TH}/cancel`, payload: { reason: "The group split up." } }),
  },

  // ── allocation (DESIGN.md §11): the publication last, as it freezes the term ──
  {
    method: "GET",
    route: "/api/topics",
    expect: [401, 200, 200, 200, 200, 200],
    request: (w) => ({ url: `/api/topics?termId=${w.AT}` }),
  },
  {
    // The other supervisor is not in cell X.
    method: "POST",
    route: "/api/topics",
    expect: [401, 403, 403, 201, 400, 403],
    request: (w) => ({
      url: "/api/topics",
      payload: {
        termId: w.AT,
        title: `Topic ${unique("mx")}`,
        description: "A topic.",
        type: "Thesis",
        researchCellId: w.cellX,
        capacity: 2,
      },
    }),
  },
  {
    method: "PATCH",
    route: "/api/topics/:id",
    expect: [401, 403, 403, 200, 404, 403],
    request: (w) => ({ url: `/api/topics/${w.topic}`, payload: { capacity: 3 } }),
  },
  {
    method: "DELETE",
    route: "/api/topics/:id",
    expect: [401, 403, 403, 200, 404, 403],
    request: (w) => ({ url: `/api/topics/${w.doomedTopic}` }),
  },
  {
    // P belongs to a direct term: its list is empty, read by whoever may see P.
    method: "GET",
    route: "/api/proposals/:id/preferences",
    expect: [401, 200, 404, 200, 404, 200],
    request: (w) => ({ url: `/api/proposals/${w.P}/preferences` }),
  },
  {
    // P belongs to a direct term: its group ranks no topics.
    method: "PUT",
    route: "/api/proposals/:id/preferences",
    expect: [401, 409, 404, 403, 403, 403],
    request: (w) => ({ url: `/api/proposals/${w.P}/preferences`, payload: { topicIds: [w.topic] } }),
  },
  {
    method: "GET",
    route: "/api/terms/:id/applicants",
    expect: [401, 403, 403, 200, 200, 403],
    request: (w) => ({ url: `/api/terms/${w.AT}/applicants` }),
  },
  {
    method: "PUT",
    route: "/api/terms/:id/ranking",
    expect: [401, 403, 403, 200, 200, 403],
    request: (w) => ({ url: `/api/terms/${w.AT}/ranking`, payload: { proposalIds: [] } }),
  },
  {
    method: "POST",
    route: "/api/terms/:id/allocation",
    expect: [401, 403, 403, 403, 403, 200],
    request: (w) => ({ url: `/api/terms/${w.AT}/allocation` }),
  },
  {
    method: "GET",
    route: "/api/terms/:id/allocation",
    expect: [401, 403, 403, 403, 403, 200],
    request: (w) => ({ url: `/api/terms/${w.AT}/allocation` }),
  },
  {
    // P is no group of the allocation term: not in its draft.
    method: "PATCH",
    route: "/api/terms/:id/allocation",
    expect: [401, 403, 403, 403, 403, 400],
    request: (w) => ({ url: `/api/terms/${w.AT}/allocation`, payload: { proposalId: w.P, topicId: null } }),
  },
  // What-if scenarios (DESIGN.md §20): the committee's only, before the publication.
  {
    method: "GET",
    route: "/api/terms/:id/allocation/scenarios",
    expect: [401, 403, 403, 403, 403, 200],
    request: (w) => ({ url: `/api/terms/${w.AT}/allocation/scenarios` }),
  },
  {
    method: "POST",
    route: "/api/terms/:id/allocation/scenarios",
    expect: [401, 403, 403, 403, 403, 201],
    request: (w) => ({ url: `/api/terms/${w.AT}/allocation/scenarios`, payload: { name: "Copied" } }),
  },
  {
    method: "GET",
    route: "/api/terms/:id/allocation/scenarios/:sid",
    expect: [401, 403, 403, 403, 403, 200],
    request: (w) => ({ url: `/api/terms/${w.AT}/allocation/scenarios/${w.SC}` }),
  },
  {
    method: "PATCH",
    route: "/api/terms/:id/allocation/scenarios/:sid",
    expect: [401, 403, 403, 403, 403, 200],
    request: (w) => ({
      url: `/api/terms/${w.AT}/allocation/scenarios/${w.SC}`,
      payload: { topicCapacities: { [w.topic]: 2 } },
    }),
  },
  {
    method: "POST",
    route: "/api/terms/:id/allocation/scenarios/:sid/run",
    expect: [401, 403, 403, 403, 403, 200],
    request: (w) => ({ url: `/api/terms/${w.AT}/allocation/scenarios/${w.SC}/run` }),
  },
  {
    // Copied from no draft that is: refused as stale, past every permission check.
    method: "POST",
    route: "/api/terms/:id/allocation/scenarios/:sid/adopt",
    expect: [401, 403, 403, 403, 403, 409],
    request: (w) => ({ url: `/api/terms/${w.AT}/allocation/scenarios/${w.SC}/adopt` }),
  },
  {
    method: "DELETE",
    route: "/api/terms/:id/allocation/scenarios/:sid",
    expect: [401, 403, 403, 403, 403, 200],
    request: (w) => ({ url: `/api/terms/${w.AT}/allocation/scenarios/${w.SC}` }),
  },
  {
    // P's term allocates nothing, so nothing was published to place it after.
    method: "POST",
    route: "/api/proposals/:id/place",
    expect: [401, 403, 403, 403, 403, 409],
    request: (w) => ({ url: `/api/proposals/${w.P}/place`, payload: { topicId: w.topic } }),
  },
  {
    method: "POST",
    route: "/api/terms/:id/allocation/publish",
    expect: [401, 403, 403, 403, 403, 200],
    request: (w) => ({ url: `/api/terms/${w.AT}/allocation/publish` }),
  },
  {
    // Published just above: S offers a topic in the term; students of no group of it, and S2, see nothing.
    method: "GET",
    route: "/api/terms/:id/allocation/certificate",
    expect: [401, 404, 404, 200, 404, 200],
    request: (w) => ({ url: `/api/terms/${w.AT}/allocation/certificate` }),
  },
  {
    // P is no group of the allocation term: nobody has a receipt for it there, the committee neither.
    method: "GET",
    route: "/api/terms/:id/allocation/receipt",
    expect: [401, 404, 404, 404, 404, 404],
    request: (w) => ({ url: `/api/terms/${w.AT}/allocation/receipt?proposalId=${w.P}` }),
  },
];

let t: TestContext;
let w: World;
let dataDir: string;
let baseUrl: string;

async function login(email: string, password: string): Promise<string> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email, password },
    remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return cookieFrom(res);
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "thesisdesk-matrix-"));
  t = await createTestApp({ dataDir });
  baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
  pictureBody = multipart(await png());

  const [groupStudent, memberB, otherStudent, supervisor, otherSupervisor, committee] = await Promise.all([
    makeStudent(t),
    makeStudent(t),
    makeStudent(t),
    makeSupervisor(t),
    makeSupervisor(t),
    makeCommittee(t),
  ]);
  const [e, f] = await Promise.all([makeStudent(t), makeStudent(t)]);
  const cellX = (await makeCell(t, [supervisor.id])).id;
  const cellY = (await makeCell(t, [otherSupervisor.id])).id;
  const cellW = (await makeCell(t, [otherSupervisor.id])).id;
  const spareCell = (await makeCell(t)).id;
  const [room, doomedRoom] = await Promise.all(
    ["Room", "Doomed room"].map(
      async (name) =>
        (
          await t.database.db
            .insert(rooms)
            .values({ name: `${name} ${unique("mx")}`, capacity: 20 })
            .returning({ id: rooms.id })
        )[0].id,
    ),
  );
  const P = (
    await makeProposal(t, {
      supervisorId: supervisor.id,
      cellId: cellX,
      memberIds: [groupStudent.id, memberB.id],
    })
  ).id;
  const P2 = (
    await makeProposal(t, { supervisorId: otherSupervisor.id, cellId: cellY, memberIds: [otherStudent.id] })
  ).id;
  const PR = (await makeProposal(t, { supervisorId: supervisor.id, cellId: cellX, memberIds: [e.id, f.id] }))
    .id;
  const quiet = await Promise.all([1, 2, 3, 4, 5].map(() => makeStudent(t)));
  const INV = (
    await makeProposal(t, {
      supervisorId: supervisor.id,
      cellId: cellX,
      memberIds: [quiet[0].id],
      invitedIds: [groupStudent.id],
      status: "Awaiting members",
    })
  ).id;
  const PD = (
    await makeProposal(t, {
      supervisorId: supervisor.id,
      cellId: cellX,
      memberIds: [groupStudent.id],
      status: "Denied",
    })
  ).id;
  const AC = (
    await makeProposal(t, {
      supervisorId: supervisor.id,
      cellId: cellX,
      memberIds: [quiet[1].id],
      status: "Awaiting committee",
    })
  ).id;
  const RD = (
    await makeProposal(t, {
      supervisorId: supervisor.id,
      cellId: cellX,
      memberIds: [quiet[2].id],
      status: "Denied",
    })
  ).id;
  const [S3, S4] = await Promise.all([makeSupervisor(t), makeSupervisor(t)]);
  const cellZ = (await makeCell(t, [S3.id, S4.id])).id;
  const RA = (await makeProposal(t, { supervisorId: S3.id, cellId: cellZ, memberIds: [quiet[3].id] })).id;
  const approved = await makeProposal(t, {
    supervisorId: S3.id,
    cellId: cellZ,
    memberIds: [quiet[4].id],
    status: "Approved",
  });
  const [TH] = await t.database.db
    .insert(theses)
    .values({
      proposalId: approved.id,
      startedAt: new Date(),
      dueAt: new Date(Date.now() + 30 * 86_400_000),
      firstExaminerId: S3.id,
      secondExaminerId: supervisor.id,
    })
    .returning({ id: theses.id });
  const pair = [await makeStudent(t), await makeStudent(t)];
  const approved2 = await makeProposal(t, {
    supervisorId: S3.id,
    cellId: cellZ,
    memberIds: pair.map((p) => p.id),
    status: "Approved",
  });
  const [TH2] = await t.database.db
    .insert(theses)
    .values({
      proposalId: approved2.id,
      startedAt: new Date(),
      dueAt: new Date(Date.now() + 30 * 86_400_000),
      firstExaminerId: S3.id,
    })
    .returning({ id: theses.id });
  const pdf = multipartFile(makePdf());
  const upload = await t.app.inject({
    method: "POST",
    url: "/api/files",
    headers: { cookie: groupStudent.cookie, ...pdf.headers },
    payload: pdf.payload,
  });
  expect(upload.statusCode).toBe(201);
  const document = upload.json().id as string;
  const AT = (
    await t.app.inject({
      method: "POST",
      url: "/api/terms",
      headers: { cookie: committee.cookie },
      payload: { name: `Allocation ${unique("mx")}`, mode: "allocation" },
    })
  ).json().term.id as string;
  const newTopic = async (title: string) =>
    (
      await t.app.inject({
        method: "POST",
        url: "/api/topics",
        headers: { cookie: supervisor.cookie },
        payload: {
          termId: AT,
          title,
          description: "A topic.",
          type: "Thesis",
          researchCellId: cellX,
          capacity: 1,
        },
      })
    ).json().topic.id as string;
  const topic = await newTopic("Kept topic");
  const doomedTopic = await newTopic("Doomed topic");
  const [scenario] = await t.database.db
    .insert(allocationScenarios)
    .values({
      termId: AT,
      name: "Matrix scenario",
      madeAt: new Date(),
      seed: "matrix",
      baseDraft: "none",
      base: { topics: {}, supervisors: {} },
      capacities: { topics: {}, supervisors: {} },
    })
    .returning({ id: allocationScenarios.id });
  const SC = scenario.id;
  await t.database.db.execute(
    sql`update proposal_versions set document_id = ${document} where proposal_id = ${P}`,
  );

  const notice = await t.app.inject({
    method: "POST",
    url: "/api/notices",
    headers: { cookie: supervisor.cookie },
    payload: { proposalId: P, title: "Welcome", description: "First notice." },
  });
  expect(notice.statusCode).toBe(201);
  const message = await t.app.inject({
    method: "POST",
    url: `/api/proposals/${P}/messages`,
    headers: { cookie: groupStudent.cookie },
    payload: { body: "Hi all." },
  });
  expect(message.statusCode).toBe(201);
  const picture = await t.app.inject({
    method: "PUT",
    url: "/api/me/picture",
    headers: { cookie: memberB.cookie, ...pictureBody.headers },
    payload: pictureBody.payload,
  });
  expect(picture.statusCode).toBe(200);
  const loginUser = await makeStudent(t);
  const termOf = async (name: string) =>
    (
      await t.app.inject({
        method: "POST",
        url: "/api/terms",
        headers: { cookie: committee.cookie },
        payload: { name: `${name} ${unique("mx")}` },
      })
    ).json().term.id as string;
  const term = (
    await t.app.inject({ method: "GET", url: "/api/terms", headers: { cookie: committee.cookie } })
  )
    .json()
    .items.find((x: { current: boolean }) => x.current).id as string;

  // One account a token: a used link makes the account's other links worthless.
  const resetTokens: string[] = [];
  for (let i = 0; i < CALLERS.length; i++) {
    const resetAccount = await makeStudent(t);
    const token = newToken();
    await t.database.db
      .insert(verifications)
      .values(await tokenRow(token, resetAccount.id, new Date(Date.now() + 3_600_000)));
    resetTokens.push(token);
  }

  w = {
    spare: await makeStudent(t),
    resetTokens,
    users: { groupStudent, otherStudent, supervisor, otherSupervisor, committee },
    memberB,
    cellX,
    cellY,
    cellW,
    spareCell,
    room,
    doomedRoom,
    term,
    spareTerm: await termOf("Spare"),
    doomedTerm: await termOf("Doomed"),
    P,
    P2,
    PR,
    INV,
    PD,
    AC,
    RD,
    RA,
    TH: TH.id,
    TH2: TH2.id,
    TH2member: pair[1].id,
    S4: S4.id,
    titleOfP: (
      await t.database.db.select({ title: proposals.title }).from(proposals).where(eq(proposals.id, P))
    )[0].title,
    document,
    AT,
    SC,
    topic,
    doomedTopic,
    notice: notice.json().notice.id,
    message: message.json().message.id,
    pictureUrl: picture.json().user.pictureUrl,
    loginAccount: { email: loginUser.email, password: loginUser.password },
  };
});

afterAll(async () => {
  await t?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Everything a request could change (sessions and rate-limit counters aside), as counts and digests. */
async function stateOfTheWorld() {
  const result = await t.database.db.execute(sql`select
    (select count(*) from users) as users,
    (select md5(coalesce(string_agg(name || ':' || coalesce(picture_key, '') || ':' || email_notifications::text, ',' order by id), '')) from users) as people,
    (select count(*) from accounts) as accounts,
    (select md5(coalesce(string_agg(password, ',' order by id), '')) from accounts) as passwords,
    (select md5(coalesce(string_agg(title || ':' || description, ',' order by id), '')) from research_cells) as cells,
    (select count(*) from supervisor_cells) as assignments,
    (select md5(coalesce(string_agg(id::text || ':' || status || ':' || coalesce(feedback, ''), ',' order by id), '')) from proposals) as proposals,
    (select count(*) from proposal_members where active) as active_members,
    (select md5(coalesce(string_agg(proposal_id::text || user_id::text || state, ',' order by proposal_id, user_id), '')) from proposal_members) as memberships,
    (select count(*) from proposal_versions) as versions,
    (select md5(coalesce(string_agg(id::text || state || version::text, ',' order by id), '')) from theses) as theses,
    (select count(*) from activity) as activity,
    (select count(*) from files) as files,
    (select md5(coalesce(string_agg(id::text || title || capacity::text || coalesce(withdrawn_at::text, ''), ',' order by id), '')) from topics) as topics,
    (select count(*) from proposal_preferences) as preferences,
    (select count(*) from supervisor_rankings) as rankings,
    (select count(*) from allocation_drafts) as drafts,
    (select md5(coalesce(string_agg(id::text || capacities::text || coalesce(ran_at::text, ''), ',' order by id), '')) from allocation_scenarios) as scenarios,
    (select md5(coalesce(string_agg(id::text || coalesce(default_capacity::text, '') || coalesce(allocation_published_at::text, ''), ',' order by id), '')) from terms) as terms,
    (select count(*) from notices) as notices,
    (select count(*) from notice_recipients where read_at is not null) as read,
    (select count(*) from messages) as messages,
    (select count(*) from outbox) as emails`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows[0];
}

/** The status of an event stream: the headers arrive at once, then the stream is closed. */
async function streamStatus(url: string, cookie: string | undefined) {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}${url}`, {
    headers: cookie ? { cookie } : {},
    signal: controller.signal,
  });
  const status = res.status;
  const body = status === 200 ? undefined : await res.text();
  controller.abort();
  return { status, body };
}

async function call(
  row: Row,
  caller: Caller,
): Promise<{ status: number; res?: LightMyRequestResponse; body?: string }> {
  const user = caller === "signedOut" ? undefined : w.users[caller];
  let cookie = user?.cookie;
  if (user && row.ownSession) cookie = await login(user.email, user.password);
  const req = row.request(w, caller);
  if (row.stream) return streamStatus(req.url, cookie);
  const res = await t.app.inject({
    method: row.method as "GET",
    url: req.url,
    payload: req.payload,
    headers: { ...(req.headers ?? {}), ...(cookie ? { cookie } : {}) },
  });
  if (user && row.renewsCookie && res.statusCode === 200) {
    user.cookie = cookieFrom(res);
    user.password = (req.payload as { newPassword: string }).newPassword;
  }
  return { status: res.statusCode, res, body: res.body };
}

describe("permission matrix", () => {
  it("has exactly one row for every API route", () => {
    const routes = t.app.routeList
      .filter((r) => r.url.startsWith("/api/") && !isDocumentation(r.url))
      .map((r) => `${r.method} ${r.url}`);
    const rows = ROWS.map((r) => `${r.method} ${r.route}`);
    const missing = routes.filter((r) => !rows.includes(r));
    const stale = rows.filter((r) => !routes.includes(r));
    const doubled = rows.filter((r, i) => rows.indexOf(r) !== i);
    expect({ missing, stale, doubled }).toEqual({ missing: [], stale: [], doubled: [] });
  });

  it("leaves out only the documentation: public, read-only, and served to anyone", async () => {
    const docs = t.app.routeList.filter((r) => isDocumentation(r.url));
    expect(docs.map((r) => r.url)).toContain("/api/openapi.json");
    for (const r of docs) {
      expect(r.method, r.url).toBe("GET");
      if (r.url.includes("*")) continue;
      const res = await t.app.inject({ method: "GET", url: r.url });
      expect(res.statusCode, r.url).toBeLessThan(400);
    }
  });

  for (const row of ROWS) {
    it(`${row.method} ${row.route}`, async () => {
      const actual = {} as Record<Caller, number>;
      const expected = {} as Record<Caller, number>;
      for (const [i, caller] of CALLERS.entries()) {
        const before = row.method === "GET" ? undefined : await stateOfTheWorld();
        const { status, res, body } = await call(row, caller);
        actual[caller] = status;
        expected[caller] = row.expect[i];
        if (status >= 400) {
          // Every refusal has the error shape of DESIGN.md §5, and a refused change changed nothing.
          const parsed = errorResponseSchema.safeParse(JSON.parse(body ?? "null"));
          expect(parsed.success, `${caller}: ${body}`).toBe(true);
          if (before)
            expect(await stateOfTheWorld(), `${caller} was refused but something changed`).toEqual(before);
        }
        if (res && status < 300 && status === row.expect[i] && row.check) await row.check(res, caller, w);
      }
      expect(actual).toEqual(expected);
    });
  }
});
