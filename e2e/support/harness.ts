import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from "playwright-core";
import { expect, inject } from "vitest";
import { openTestDatabase } from "../../server/src/test/app";

/** The password of every `seed --demo` account (scripts/lib/seed-demo.ts). */
export { DEMO_PASSWORD } from "../../scripts/lib/seed-demo";

const root = path.resolve(import.meta.dirname, "../..");
const tsx = path.join(root, "node_modules/.bin/tsx");
export const ARTIFACTS = path.join(root, "e2e/.artifacts");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

export interface RunningServer {
  url: string;
  env: NodeJS.ProcessEnv;
  output: () => string;
  cli: (...args: string[]) => { status: number | null; stdout: string; stderr: string };
  /**
   * Runs `npm run seed -- …args` against this server's database. The server is stopped for it
   * and started again (PGlite allows one process per folder). `--demo` accounts use DEMO_PASSWORD.
   */
  seed: (...args: string[]) => Promise<string>;
  /** Stops the server process (SIGTERM, graceful), keeping its data. */
  stopProcess: () => Promise<void>;
  /** Kills the server process with SIGKILL: no shutdown, no cleanup, as in a crash. */
  killProcess: () => Promise<void>;
  /** Starts it again on the same data. */
  startProcess: () => Promise<void>;
  /** Stops it and deletes its data. */
  stop: () => Promise<void>;
  /**
   * Another instance on the same database (PostgreSQL only), as behind a load balancer:
   * same DATABASE_URL and SESSION_SECRET, its own port. Returns its URL and a stop function.
   */
  startSibling: () => Promise<{ url: string; stop: () => Promise<void> }>;
}

/**
 * The built app as people run it (`npm start` without the build step), on a fresh database:
 * PGlite in a new DATA_DIR, or a new PostgreSQL database when TEST_DATABASE_URL is set.
 */
export async function startServer(
  extraEnv: NodeJS.ProcessEnv = {},
  options: {
    /** Starts on the demo department, as after `seed --demo` (global-setup.ts loads it once). */
    demo?: boolean;
  } = {},
): Promise<RunningServer> {
  // A test that must know the address first (an identity provider's redirect URI) passes PORT.
  const port = extraEnv.PORT ? Number(extraEnv.PORT) : await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "thesisdesk-e2e-"));
  const demo = options.demo ? inject("demoDatabase") : undefined;
  if (options.demo && !demo) throw new Error("no demo database: e2e/support/global-setup.ts did not run");
  let dropDb = async () => {};
  let databaseUrl = "";
  if (process.env.TEST_DATABASE_URL) {
    const t = await openTestDatabase({ template: demo?.kind === "postgres" ? demo.name : undefined });
    await t.database.close();
    databaseUrl = t.url!;
    dropDb = t.drop;
  } else {
    // The embedded database, migrated once per run (global-setup.ts), where the server keeps it.
    const folder = demo?.kind === "pglite" ? demo.folder : inject("migratedPgliteFolder");
    if (folder) cpSync(folder, path.join(dataDir, "pglite"), { recursive: true });
  }
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // Instances behind one balancer share the secret (PGlite runs would generate one in DATA_DIR).
    SESSION_SECRET: "e2e-session-secret-e2e-session-secret-0001",
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: "warn",
    ...extraEnv,
  };
  let out = "";
  let child = await spawnServer(env, url, (d) => {
    out += d;
  });
  return {
    url,
    env,
    output: () => out,
    cli: (...args) => {
      const r = spawnSync(tsx, ["scripts/cli.ts", ...args], {
        cwd: root,
        env,
        encoding: "utf8",
        timeout: 60_000,
      });
      return { status: r.status, stdout: r.stdout, stderr: r.stderr };
    },
    seed: async (...args) => {
      await stopChild(child);
      const r = spawnSync(tsx, ["scripts/seed.ts", ...args], {
        cwd: root,
        env,
        encoding: "utf8",
        timeout: 120_000,
      });
      child = await spawnServer(env, url, (d) => {
        out += d;
      });
      if (r.status !== 0) throw new Error(`seed failed: ${r.stderr}`);
      return r.stdout;
    },
    startSibling: async () => {
      if (!env.DATABASE_URL)
        throw new Error("a second instance needs PostgreSQL (PGlite is one process per folder)");
      const siblingPort = await freePort();
      const siblingUrl = `http://127.0.0.1:${siblingPort}`;
      const sibling = await spawnServer({ ...env, PORT: String(siblingPort) }, siblingUrl, (d) => {
        out += d;
      });
      return { url: siblingUrl, stop: () => stopChild(sibling) };
    },
    stopProcess: () => stopChild(child),
    killProcess: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      child.kill("SIGKILL");
      await exited;
    },
    startProcess: async () => {
      child = await spawnServer(env, url, (d) => {
        out += d;
      });
    },
    stop: async () => {
      await stopChild(child);
      await dropDb();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function spawnServer(
  env: NodeJS.ProcessEnv,
  url: string,
  onOutput: (d: string) => void,
): Promise<ChildProcess> {
  let out = "";
  // One process (not the tsx CLI, which runs the server in a child): a SIGKILL must hit the server itself.
  const child = spawn(process.execPath, ["--import", "tsx", "server/src/server.ts"], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const collect = (d: Buffer) => {
    out += d;
    onOutput(String(d));
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return child;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  await exited;
}

/** Debian's chromium, with the flags this closed network needs. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-quic",
      "--no-first-run",
    ],
  });
}

/**
 * Uncaught errors of every page the tests open (`pageerror`: an exception nobody caught, or an
 * error React reported as recoverable through `window.reportError`, such as minified #520), kept
 * until e2e/support/page-errors.ts fails the test they happened in.
 */
// On globalThis: the setup file and the test file share it even if each loaded its own harness.
const shared = globalThis as { __pageErrors?: string[] };
shared.__pageErrors ??= [];
const pageErrors = shared.__pageErrors;

/** The page errors seen since the last call, emptied. */
export const takePageErrors = () => pageErrors.splice(0);

function watchErrors(page: Page) {
  page.on("pageerror", (error) => pageErrors.push(`${page.url()}: ${error.stack ?? error.message}`));
  // React's recoverable errors wrap the real one as `cause`, which pageerror does not carry: the
  // page says it in the console (CAUSE_SCRIPT) and it joins the error it explains.
  page.on("console", (message) => {
    const text = message.text();
    if (text.startsWith(CAUSE_PREFIX)) pageErrors.push(`  ${text}`);
  });
}

const CAUSE_PREFIX = "[uncaught error's cause]";
const CAUSE_SCRIPT = `window.addEventListener("error", (e) => {
  const cause = e.error && e.error.cause;
  if (cause) console.error(${JSON.stringify(CAUSE_PREFIX)}, String((cause && cause.stack) || cause));
});`;

export async function newPage(
  browser: Browser,
  baseURL: string,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 860 }, ...options });
  // Every page of the context, the first and any it opens later (a popup, a second tab).
  context.on("page", watchErrors);
  await context.addInitScript({ content: CAUSE_SCRIPT });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/** The whole page, or with `fullPage: false` what the screen shows (an open list, a fixed header). */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}) {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage });
}

let seq = 0;
export const uniqueTag = (p = "e") => `${p}${Date.now().toString(36)}${(seq++).toString(36)}`;

/** Registers a student through the form; returns their credentials. */
export async function registerStudent(page: Page, name = "Student Example") {
  const tag = uniqueTag("st");
  const creds = {
    name,
    email: `${tag}@uni.example`,
    studentId: tag.toUpperCase(),
    password: "student-pass-1",
  };
  await page.goto("/register");
  await page.getByLabel("Name").fill(creds.name);
  await page.getByLabel("Email").fill(creds.email);
  await page.getByLabel("Student ID").fill(creds.studentId);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(creds.password);
  await page.getByRole("button", { name: "Register" }).click();
  await page.waitForURL("**/student/dashboard");
  return creds;
}

export async function login(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}

export async function logout(page: Page) {
  await page.getByRole("button", { name: "Logout" }).click();
  // Polled rather than awaited as a navigation: a failure then says where the page went instead.
  await expect.poll(() => new URL(page.url()).href, { timeout: 15_000 }).toMatch(/^[^?#]*\/\/[^/]+\/$/);
}
