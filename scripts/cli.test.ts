import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../server/src/db/client";
import { users } from "../server/src/db/schema";
import { openTestDatabase } from "../server/src/test/app";
import { migrationBefore, migrationsUpTo } from "../server/src/test/migrations";

const tsx = path.resolve("node_modules/.bin/tsx");
let env: NodeJS.ProcessEnv;
let dataDir: string;
let drop: () => Promise<void> = async () => {};
let pgUrl: string | undefined;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "thesisdesk-cli-"));
  env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" };
  if (process.env.TEST_DATABASE_URL) {
    const t = await openTestDatabase();
    await t.database.close();
    pgUrl = t.url;
    drop = t.drop;
    env.DATABASE_URL = pgUrl;
  }
});
afterAll(async () => {
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const cliWith = (e: NodeJS.ProcessEnv, ...args: string[]) =>
  spawnSync(tsx, ["scripts/cli.ts", ...args], { env: e, encoding: "utf8", timeout: 60_000 });
const cli = (...args: string[]) => cliWith(env, ...args);

async function usersWithEmail(email: string) {
  const database = await openDatabase(
    pgUrl ? { databaseUrl: pgUrl } : { pgliteDir: path.join(dataDir, "pglite") },
  );
  try {
    return await database.db.select().from(users).where(eq(users.email, email));
  } finally {
    await database.close();
  }
}

describe("npm run cli -- create-user", () => {
  it("creates a committee account", async () => {
    const r = cli(
      "create-user",
      "--role",
      "committee",
      "--name",
      "Grace Hopper",
      "--email",
      "Grace@Uni.edu",
      "--password",
      "a-good-password",
    );
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("Created committee account for Grace Hopper <grace@uni.edu>");
    const rows = await usersWithEmail("grace@uni.edu");
    expect(rows).toHaveLength(1);
    expect(rows[0].role).toBe("committee");
  });

  it("refuses a duplicate email (in another case) with exit code 1", () => {
    const r = cli(
      "create-user",
      "--role",
      "committee",
      "--name",
      "Other",
      "--email",
      "GRACE@uni.edu",
      "--password",
      "a-good-password",
    );
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("An account with this email already exists.");
  });

  it("refuses a bad role, a short password and unknown options with exit code 1", async () => {
    const role = cli(
      "create-user",
      "--role",
      "admin",
      "--name",
      "X",
      "--email",
      "x@uni.edu",
      "--password",
      "a-good-password",
    );
    expect(role.status).toBe(1);
    expect(role.stderr).toContain("Role must be one of: student, supervisor, committee.");
    const short = cli(
      "create-user",
      "--role",
      "committee",
      "--name",
      "X",
      "--email",
      "x@uni.edu",
      "--password",
      "short",
    );
    expect(short.status).toBe(1);
    expect(short.stderr).toContain("Password must be at least 8 characters.");
    const unknown = cli("create-user", "--rol", "committee");
    expect(unknown.status).toBe(1);
    expect(await usersWithEmail("x@uni.edu")).toHaveLength(0);
  });
});

describe("npm run cli -- create-user: names", () => {
  it("refuses a name with no visible character or with direction controls, with exit code 1", async () => {
    for (const [name, message] of [
      ["\u200B\u2060 ", "Name must contain a visible character"],
      ["Eve\u202Egnp.exe", "Name must not contain characters that change the direction"],
    ]) {
      const r = cli(
        "create-user",
        "--role",
        "committee",
        "--name",
        name,
        "--email",
        "eve@uni.edu",
        "--password",
        "a-good-password",
      );
      expect(r.status).toBe(1);
      expect(r.stderr).toContain(`--name: ${message}`);
    }
    expect(await usersWithEmail("eve@uni.edu")).toHaveLength(0);
  });
});

/**
 * A database of the release before student IDs were unique in any case, holding two that differ
 * only in case: the migration stops start-up naming them, and set-student-id is the way out.
 */
describe("npm run cli -- set-student-id", () => {
  let blockedEnv: NodeJS.ProcessEnv;
  let open: (migrate: boolean) => Promise<Awaited<ReturnType<typeof openDatabase>>>;
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  beforeAll(async () => {
    const folder = migrationsUpTo(migrationBefore("_student_id_any_case"));
    cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
    const dir = mkdtempSync(path.join(tmpdir(), "thesisdesk-cli-blocked-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    blockedEnv = { ...process.env, DATA_DIR: dir, DATABASE_URL: "" };
    let url: string | undefined;
    const server = process.env.TEST_DATABASE_URL;
    if (server) {
      const name = `thesisdesk_cli_${randomBytes(6).toString("hex")}`;
      const admin = new pg.Client({ connectionString: server });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      cleanups.push(async () => {
        const c = new pg.Client({ connectionString: server });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      });
      const u = new URL(server);
      u.pathname = `/${name}`;
      url = u.toString();
      blockedEnv.DATABASE_URL = url;
    }
    open = (migrate) =>
      openDatabase(
        url ? { databaseUrl: url, poolSize: 2, migrate } : { pgliteDir: path.join(dir, "pglite"), migrate },
      );
    const old = await openDatabase(
      url
        ? { databaseUrl: url, poolSize: 2, migrationsFolder: folder }
        : { pgliteDir: path.join(dir, "pglite"), migrationsFolder: folder },
    );
    await old.db.execute(sql`
      insert into users (name, email, role, student_id, created_at) values
        ('Ana', 'ana@uni.edu', 'student', '2021-CS-045', '2026-01-01T10:00:00Z'),
        ('Bob', 'bob@uni.edu', 'student', '2021-cs-045', '2026-01-02T10:00:00Z'),
        ('Dr. Osei', 'osei@uni.edu', 'supervisor', null, '2026-01-03T10:00:00Z')`);
    await old.close();
  });

  const studentIds = async () => {
    const d = await open(false);
    try {
      const rows = await d.db.execute(sql`select email, student_id from users order by email`);
      return (rows as unknown as { rows: { email: string; student_id: string | null }[] }).rows;
    } finally {
      await d.close();
    }
  };

  it("start-up stops naming the clashing IDs and their accounts; bad input and a taken ID are refused with exit code 1; a free ID fixes it", async () => {
    const start = cliWith(
      blockedEnv,
      "create-user",
      "--role",
      "committee",
      "--name",
      "Grace Hopper",
      "--email",
      "grace@uni.edu",
      "--password",
      "a-good-password",
    );
    expect(start.status).toBe(1);
    expect(start.stderr).toContain("2021-CS-045 (ana@uni.edu), 2021-cs-045 (bob@uni.edu)");
    expect(start.stderr).toContain("npm run cli -- set-student-id --email bob@uni.edu --student-id");
    const before = await studentIds();

    for (const [args, message] of [
      [["--email", "bob@uni.edu", "--student-id", "20 21!"], "--student-id: Student ID may contain only"],
      [["--email", "bob@uni.edu"], "--student-id: Student ID is required."],
      [["--email", "not an email", "--student-id", "2021-CS-047"], "--email: Enter a valid email address."],
      [
        ["--email", "nobody@uni.edu", "--student-id", "2021-CS-047"],
        "No account has the email nobody@uni.edu.",
      ],
      [["--email", "osei@uni.edu", "--student-id", "2021-CS-047"], "only students have a student ID"],
      [["--email", "bob@uni.edu", "--studentid", "2021-CS-047"], "Unknown option '--studentid'"],
      // Ana's, in another case: the same student ID.
      [
        ["--email", "bob@uni.edu", "--student-id", "2021-cS-045"],
        "already belongs to ana@uni.edu (as 2021-CS-045)",
      ],
    ] as const) {
      const r = cliWith(blockedEnv, "set-student-id", ...args);
      expect(r.status, args.join(" ")).toBe(1);
      expect(r.stderr, args.join(" ")).toContain(message);
    }
    expect(await studentIds()).toEqual(before);

    const fixed = cliWith(
      blockedEnv,
      "set-student-id",
      "--email",
      "BOB@uni.edu",
      "--student-id",
      "2021-CS-047",
    );
    expect(fixed.stderr).toBe("");
    expect(fixed.status).toBe(0);
    expect(fixed.stdout).toContain("The student ID of bob@uni.edu is now 2021-CS-047 (it was 2021-cs-045).");

    const started = cliWith(
      blockedEnv,
      "create-user",
      "--role",
      "committee",
      "--name",
      "Grace Hopper",
      "--email",
      "grace@uni.edu",
      "--password",
      "a-good-password",
    );
    expect(started.stderr).toBe("");
    expect(started.status).toBe(0);
    // Migrated now: the same ID in another case is refused by the database too.
    const again = cliWith(
      blockedEnv,
      "set-student-id",
      "--email",
      "ana@uni.edu",
      "--student-id",
      "2021-cs-047",
    );
    expect(again.status).toBe(1);
    expect(again.stderr).toContain("already belongs to bob@uni.edu (as 2021-CS-047)");
  }, 180_000); // a dozen CLI processes, each starting tsx and opening the database
});
