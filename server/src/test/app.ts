import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Role } from "@shared/enums";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import pg from "pg";
import { inject } from "vitest";
import { type BuildAppOptions, buildApp } from "../app";
import { type Config, loadConfig } from "../config";
import { type Database, openDatabase } from "../db/client";
import { createAccount } from "../modules/accounts/accounts.service";

export const ORIGIN = "http://localhost:3000";

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      NODE_ENV: "test",
      SESSION_SECRET: "test-secret-test-secret-test-secret-0123",
      DATA_DIR: "/tmp/thesisdesk-test",
    }),
    publicUrl: ORIGIN,
    logLevel: "silent",
    ...overrides,
  };
}

/**
 * A database of its own for one test file: in-memory PGlite, or, when TEST_DATABASE_URL is
 * set, a fresh PostgreSQL database on that server that is dropped afterwards. Each is a copy of
 * the database the run migrated once (test/global-setup.ts); migrating it again only confirms
 * that every migration is in.
 */
export async function openTestDatabase(
  options: {
    statementTimeoutMs?: number;
    /** PostgreSQL: the template database to copy (else the run's migrated one). */
    template?: string;
  } = {},
): Promise<{
  database: Database;
  url?: string;
  drop: () => Promise<void>;
}> {
  const template = inject("migratedTemplate");
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const loadDataDir = template?.kind === "pglite" ? new Blob([await readFile(template.dump)]) : undefined;
    const database = await openDatabase({ loadDataDir });
    return { database, drop: () => database.close() };
  }
  const name = `thesisdesk_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const copied = options.template ?? (template?.kind === "postgres" ? template.name : undefined);
  const from = copied ? ` template ${copied}` : "";
  await admin.query(`create database ${name}${from}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({
    databaseUrl: url.toString(),
    poolSize: 5,
    statementTimeoutMs: options.statementTimeoutMs,
  });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  close: () => Promise<void>;
}

export async function createTestApp(
  configOverrides: Partial<Config> = {},
  appOptions: Pick<BuildAppOptions, "outbox" | "now" | "logger"> = {},
): Promise<TestContext> {
  const config = testConfig(configOverrides);
  // As the server opens it: a request's statements stop after STATEMENT_TIMEOUT_MS.
  const { database, drop } = await openTestDatabase({ statementTimeoutMs: config.statementTimeoutMs });
  const app = await buildApp({
    config,
    database,
    logger: process.env.DEBUG_LOG ? { level: "error" } : false,
    clientDir: "/nonexistent-client-build",
    // A test runs the jobs it means to (scheduler.runDue()) at the clock it set: a timer's pass
    // between its setting a job due and its call could take the job first.
    manualJobs: true,
    ...appOptions,
  });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

let counter = 0;
export const unique = (prefix = "u") =>
  `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(2).toString("hex")}`;

export const PASSWORD = "correct-horse-battery";

/** The cookie header a browser would send back after this response. */
export function cookieFrom(res: LightMyRequestResponse): string {
  const raw = res.headers["set-cookie"];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list.map((c) => c.split(";")[0]).join("; ");
}

export interface TestUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  studentId: string | null;
  password: string;
  cookie: string;
}

/** Creates an account of the role and signs it in through the real login route. */
export async function makeUser(
  t: TestContext,
  role: Role,
  overrides: { name?: string; studentId?: string } = {},
): Promise<TestUser> {
  const tag = unique(role.slice(0, 2));
  const name = overrides.name ?? `Test ${role} ${tag}`;
  const email = `${tag}@example.edu`;
  const studentId = role === "student" ? (overrides.studentId ?? tag.toUpperCase()) : null;
  const user = await createAccount(t.database.db, { name, email, password: PASSWORD, role, studentId });
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email, password: PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`login failed for test user: ${res.body}`);
  return { id: user.id, name, email, role, studentId, password: PASSWORD, cookie: cookieFrom(res) };
}

export const makeStudent = (t: TestContext, o?: { name?: string; studentId?: string }) =>
  makeUser(t, "student", o);
export const makeSupervisor = (t: TestContext, o?: { name?: string }) => makeUser(t, "supervisor", o);
export const makeCommittee = (t: TestContext, o?: { name?: string }) => makeUser(t, "committee", o);

/** The headers of a request made as `user` (its session cookie), or of a signed-out one. */
export const sessionHeaders = (user: Pick<TestUser, "cookie"> | null | undefined) =>
  user ? { cookie: user.cookie } : {};
