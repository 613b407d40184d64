import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../server/src/db/client";
import { users } from "../server/src/db/schema";
import { openTestDatabase } from "../server/src/test/app";

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

const cli = (...args: string[]) =>
  spawnSync(tsx, ["scripts/cli.ts", ...args], { env, encoding: "utf8", timeout: 60_000 });

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
