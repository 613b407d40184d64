/**
 * npm run bench [-- --quick] [--only pglite|postgres] [--out file] [--profile dir]
 *
 * Seeds a department (at least 50,000 users and 50,000 proposals, most of them Denied
 * history), then loads it with autocannon (10 connections, after a warm-up): first the two
 * ceilings in a separate process (constant JSON; one primary-key SELECT), then the real
 * endpoints. Repeats with 1,000 proposals for the growth ratio, on PGlite and PostgreSQL.
 * Prints the figures and writes docs/performance.md.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createHmac, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { and, desc, eq, sql } from "drizzle-orm";
import pg from "pg";
import { type Database, openDatabase } from "../server/src/db/client";
import { proposalMembers, proposals, sessions, supervisorCells, users } from "../server/src/db/schema";
import { createAccount } from "../server/src/modules/accounts/accounts.service";
import { analyze, seedVolume } from "./lib/seed-core";

const { values: args } = parseArgs({
  options: {
    quick: { type: "boolean" },
    only: { type: "string" },
    out: { type: "string" },
    // Writes a V8 CPU profile of each app server run (open it in Chrome DevTools) to this folder.
    profile: { type: "string" },
  },
});
const QUICK = !!args.quick;
const PG_SERVER = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const SECRET = "bench-session-secret-bench-session-secret-01";
const WARMUP_S = QUICK ? 1 : 3;
const DURATION_S = QUICK ? 3 : 10;
const LARGE = QUICK ? 10_000 : 50_000;
const SMALL = 1_000;
const root = path.resolve(import.meta.dirname, "..");

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
}
interface Row {
  db: string;
  size: number;
  name: string;
  read: boolean;
  figures: Figures;
  /** The one-query ceiling measured next to this row (its ratio is to this). */
  ceiling?: number;
}
const rows: Row[] = [];
/** Every one-query ceiling measured, per database and size: the machine drifts during a run. */
const ceilings = new Map<string, number[]>();

// ── processes ────────────────────────────────────────────────────────────────

async function startProcess(
  script: string,
  env: NodeJS.ProcessEnv,
  readyUrl: string,
  nodeArgs: string[] = [],
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...nodeArgs, "--import", "tsx", script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (d) => {
    out += d;
  });
  child.stderr?.on("data", (d) => {
    out += d;
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited:\n${out}`);
    try {
      if ((await fetch(readyUrl)).ok) return child;
    } catch {
      /* not yet */
    }
    if (Date.now() > deadline) throw new Error(`${script} did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const done = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await done;
}

// ── load ─────────────────────────────────────────────────────────────────────

type Opts = Omit<autocannon.Options, "url" | "connections" | "duration">;

interface Loaded {
  result: autocannon.Result;
  /** Every 2xx response's time in ms, sorted (autocannon's own percentiles are whole ms). */
  latencies: Float64Array;
}

/**
 * One load: for `seconds`, or at most `amount` requests stopped after `seconds` (autocannon's
 * amount alone would run until all are sent, however long that takes).
 */
function load(url: string, opts: Opts, seconds: number, amount?: number): Promise<Loaded> {
  return new Promise((resolve, reject) => {
    const times: number[] = [];
    const options = {
      url,
      connections: 10,
      ...opts,
      ...(amount === undefined ? { duration: seconds } : { amount }),
    };
    const run = autocannon(options, (err, result) => {
      clearTimeout(timer);
      if (err) reject(err);
      else resolve({ result, latencies: Float64Array.from(times).sort() });
    });
    run.on("response", (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) times.push(responseTime);
    });
    const timer = amount === undefined ? undefined : setTimeout(() => run.stop(), seconds * 1000);
  });
}

/** The p-th fraction of sorted latencies, to a hundredth of a millisecond. */
function percentile(sorted: Float64Array, p: number): number {
  if (!sorted.length) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] * 100) / 100;
}

function figures({ result: r, latencies }: Loaded, rps = r.requests.average): Figures {
  return {
    rps,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    errors: r.errors + r.timeouts + r.non2xx,
    requests: r.requests.total,
  };
}

const get = (cookie: string): Opts => ({ headers: { cookie } });

async function measure(url: string, opts: Opts): Promise<Figures> {
  await load(url, opts, WARMUP_S);
  return figures(await load(url, opts, DURATION_S));
}

// ── data ─────────────────────────────────────────────────────────────────────

/** A signed session cookie minted straight into the database (logging in thousands of users would time argon2). */
async function mintSessions(db: Database["db"], userIds: string[]): Promise<string[]> {
  const out: string[] = [];
  const rowsToInsert = userIds.map((userId) => {
    const token = randomBytes(24).toString("base64url");
    const signature = createHmac("sha256", SECRET).update(token).digest("base64");
    out.push(`thesisdesk.session_token=${encodeURIComponent(`${token}.${signature}`)}`);
    // As a login makes it: valid for 30 days (a session within a day of that is not yet refreshed).
    return { token, userId, expiresAt: new Date(Date.now() + 30 * 86_400_000) };
  });
  for (let i = 0; i < rowsToInsert.length; i += 1000)
    await db.insert(sessions).values(rowsToInsert.slice(i, i + 1000));
  return out;
}

interface Fixture {
  student: string;
  supervisor: string;
  committee: string;
  submitters: string[];
  submit: { supervisorId: string; researchCellId: string };
  searchTerm: string;
}

async function prepare(database: Database, size: number): Promise<Fixture> {
  const db = database.db;
  const supervisors = Math.max(10, Math.round(size / 100));
  await seedVolume(db, {
    students: size,
    supervisors,
    cells: Math.max(5, Math.round(supervisors / 20)),
    proposals: size,
    noticesPerGroup: 1,
    messagesPerGroup: 1,
    password: "bench-password",
    tag: `b${size}`,
  });
  // Students with no proposal at all, to submit during the run.
  // Enough for a warm-up and a full measured run at over 1,000 submissions a second.
  const free = QUICK ? 3_000 : 16_000;
  await seedVolume(db, {
    students: free,
    supervisors: 0,
    cells: 0,
    proposals: 0,
    noticesPerGroup: 0,
    messagesPerGroup: 0,
    password: "bench-password",
    tag: `f${size}`,
  });
  const committee = await createAccount(db, {
    role: "committee",
    name: "Bench Committee",
    email: `bench-committee-${size}@example.edu`,
    password: "bench-password",
  });
  await analyze(db);

  const [activeMember] = await db
    .select({ userId: proposalMembers.userId })
    .from(proposalMembers)
    .where(eq(proposalMembers.active, true))
    .limit(1);
  const [busiest] = await db
    .select({ supervisorId: proposals.supervisorId, n: sql<number>`count(*)` })
    .from(proposals)
    .where(eq(proposals.status, "Pending"))
    .groupBy(proposals.supervisorId)
    .orderBy(desc(sql`count(*)`))
    .limit(1);
  const [link] = await db.select().from(supervisorCells).limit(1);
  const freeStudents = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "student"), sql`${users.email} like ${`%.f${size}@example.edu`}`));

  const [student, supervisor, committeeCookie] = await mintSessions(db, [
    activeMember.userId,
    busiest.supervisorId,
    committee.id,
  ]);
  const submitters = await mintSessions(
    db,
    freeStudents.map((s) => s.id),
  );
  // The sessions too, then everything written to disk: otherwise autovacuum and the checkpoint
  // after the seeding run during the first measurements and slow them down.
  await analyze(db);
  await db.execute(sql`checkpoint`);
  return {
    student,
    supervisor,
    committee: committeeCookie,
    submitters,
    submit: { supervisorId: link.supervisorId, researchCellId: link.researchCellId },
    searchTerm: "tanaka",
  };
}

// ── one database, one size ───────────────────────────────────────────────────

async function openBenchDb(kind: "pglite" | "postgres") {
  if (kind === "postgres") {
    const name = `thesisdesk_bench_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: PG_SERVER });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(PG_SERVER);
    url.pathname = `/${name}`;
    const env = { DATABASE_URL: url.toString(), DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "td-bench-")) };
    return {
      env,
      open: () => openDatabase({ databaseUrl: env.DATABASE_URL, poolSize: 4 }),
      drop: async () => {
        const c = new pg.Client({ connectionString: PG_SERVER });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
        rmSync(env.DATA_DIR, { recursive: true, force: true });
      },
    };
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "td-bench-"));
  const env = { DATABASE_URL: "", DATA_DIR: dataDir };
  return {
    env,
    open: () => openDatabase({ pgliteDir: path.join(dataDir, "pglite") }),
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function runOne(kind: "pglite" | "postgres", size: number) {
  const target = await openBenchDb(kind);
  const started = Date.now();
  const database = await target.open();
  const fx = await prepare(database, size);
  await database.close();
  console.log(`[${kind} ${size}] seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const record = (name: string, read: boolean, figures: Figures, ceiling?: number) => {
    rows.push({ db: kind, size, name, read, figures, ceiling });
    console.log(
      `[${kind} ${size}] ${name.padEnd(28)} ${figures.rps.toFixed(0).padStart(7)} req/s  p50 ${figures.p50} ms  p99 ${figures.p99} ms  errors ${figures.errors}`,
    );
  };

  // The ceilings run in a separate process. The machine's speed drifts during a run (other
  // tenants of the host), so the one-query ceiling is measured again next to the reads: on
  // PostgreSQL just before each one (the baseline stays up beside the app); on PGlite, which
  // belongs to one process, before the app starts and again after it stops. Each read's ratio is
  // to the ceiling nearest in time.
  const basePort = 3900 + Math.floor(Math.random() * 50);
  const startBaseline = () =>
    startProcess(
      "scripts/bench/baseline.ts",
      { ...target.env, PORT: String(basePort) },
      `http://127.0.0.1:${basePort}/const`,
    );
  const measured: number[] = [];
  ceilings.set(`${kind} ${size}`, measured);
  const pkCeiling = async () => {
    const f = await measure(`http://127.0.0.1:${basePort}/pk`, {});
    measured.push(f.rps);
    return f;
  };
  let baseline: ChildProcess | undefined = await startBaseline();
  try {
    record("ceiling: constant JSON", true, await measure(`http://127.0.0.1:${basePort}/const`, {}));
    record("ceiling: one PK select", true, await pkCeiling());
  } finally {
    if (kind === "pglite") {
      await stopProcess(baseline);
      baseline = undefined;
    }
  }
  /** Measures a read, after the one-query ceiling (PostgreSQL), and records both. */
  const read = async (name: string, url: string, cookie: string) => {
    const ceiling = baseline ? (await pkCeiling()).rps : undefined;
    record(name, true, await measure(url, get(cookie)), ceiling);
  };

  const port = basePort + 60;
  const url = `http://127.0.0.1:${port}`;
  const startApp = (env: NodeJS.ProcessEnv = {}) =>
    startProcess(
      "server/src/server.ts",
      {
        ...target.env,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: url,
        LOG_LEVEL: "warn",
        SESSION_SECRET: SECRET,
        ...env,
      },
      `${url}/api/health`,
      args.profile ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(args.profile)}`] : [],
    );
  const studentUrl = `${url}/api/proposals`;
  const pendingUrl = `${url}/api/proposals?status=Pending&order=oldest&pageSize=20`;
  const searchUrl = `${url}/api/users?role=student&q=${fx.searchTerm}&pageSize=20`;
  // First the reads with no answers kept (PROPOSAL_CACHE_MB=0, PEOPLE_CACHE_MB=0): what each
  // costs the first time after a change to what it shows. Before the submissions, like the
  // other reads, so that their writes do not weigh on them.
  let server = await startApp({ PEOPLE_CACHE_MB: "0", PROPOSAL_CACHE_MB: "0" });
  try {
    await read("student: list, nothing kept", studentUrl, fx.student);
    await read("supervisor: pending, nothing kept", pendingUrl, fx.supervisor);
    await read("committee: search, nothing kept", searchUrl, fx.committee);
    await stopProcess(server);
    server = await startApp();
    await read("student: GET /api/proposals", studentUrl, fx.student);
    await read("supervisor: pending list", pendingUrl, fx.supervisor);
    await read("supervisor: dashboard", `${url}/api/supervisor/dashboard`, fx.supervisor);
    await read("committee: user search", searchUrl, fx.committee);

    let next = 0;
    const body = (i: number) =>
      JSON.stringify({
        title: `Bench proposal ${i}`,
        abstract: "Measured.",
        type: "Project",
        ...fx.submit,
        memberIds: [],
      });
    const submitOpts: Opts = {
      requests: [
        {
          method: "POST",
          path: "/api/proposals",
          setupRequest: (req) => {
            const i = next++;
            return {
              ...req,
              headers: {
                "content-type": "application/json",
                cookie: fx.submitters[i % fx.submitters.length],
              },
              body: body(i),
            };
          },
        },
      ],
    };
    // Warm up like the reads (WARMUP_S seconds, on a quarter of the submitters at most), then
    // measure on fresh ones; wrap-around would give 409s (counted as errors).
    await load(url, submitOpts, WARMUP_S, Math.floor(fx.submitters.length / 4));
    const r = await load(url, submitOpts, DURATION_S, Math.max(0, fx.submitters.length - next));
    record("student: submit proposal", false, figures(r, r.result.requests.total / r.result.duration));
  } finally {
    await stopProcess(server);
    if (baseline) await stopProcess(baseline);
    baseline = undefined;
  }
  try {
    if (kind === "pglite") {
      baseline = await startBaseline();
      const after = await pkCeiling();
      console.log(
        `[${kind} ${size}] ceiling: one PK select, after  ${after.rps.toFixed(0).padStart(7)} req/s`,
      );
      // The reads between the two measurements are compared with their mean.
      const mean = (measured[0] + after.rps) / 2;
      for (const r of rows)
        if (r.db === kind && r.size === size && r.read && !r.name.startsWith("ceiling")) r.ceiling = mean;
    }
  } finally {
    if (baseline) await stopProcess(baseline);
    await target.drop();
  }
}

// ── report ───────────────────────────────────────────────────────────────────

/** The table's order: the ceilings, the reads as users make them, then with nothing kept, then the write. */
const rank = (name: string) => {
  const i = [
    "ceiling: constant JSON",
    "ceiling: one PK select",
    "student: GET /api/proposals",
    "supervisor: pending list",
    "supervisor: dashboard",
    "committee: user search",
    "student: list, nothing kept",
    "supervisor: pending, nothing kept",
    "committee: search, nothing kept",
  ].indexOf(name);
  return i < 0 ? 100 : i;
};

function report(): string {
  const cpu = os.cpus();
  const lines: string[] = [];
  lines.push("# Performance", "");
  lines.push(
    `Measured by \`npm run bench${QUICK ? " -- --quick" : ""}\` on ${new Date().toISOString().slice(0, 10)}: ${cpu.length} × ${cpu[0]?.model.trim()}, ` +
      `${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.type()} ${os.release()}, Node ${process.version}. ` +
      `autocannon, 10 connections, ${WARMUP_S} s warm-up, ${DURATION_S} s measured; the load generator runs on the same machine.`,
    "",
  );
  for (const db of ["postgres", "pglite"]) {
    const of = rows.filter((r) => r.db === db);
    if (!of.length) continue;
    lines.push(`## ${db === "postgres" ? "PostgreSQL" : "PGlite (embedded)"}`, "");
    lines.push(
      `With ${LARGE.toLocaleString("en")} proposals and ${(LARGE + Math.round(LARGE / 100)).toLocaleString("en")}+ users (two thirds of the proposals Denied history).`,
      "",
    );
    lines.push(
      "| endpoint | req/s | p50 ms | p99 ms | errors | ÷ one-query ceiling | p50 at 1,000 proposals | growth (p50 large ÷ small) |",
    );
    lines.push("|---|---:|---:|---:|---:|---:|---:|---:|");
    for (const r of of.filter((x) => x.size === LARGE).sort((a, b) => rank(a.name) - rank(b.name))) {
      const small = of.find((x) => x.size === SMALL && x.name === r.name)?.figures;
      const ratio = r.ceiling ? (r.figures.rps / r.ceiling).toFixed(2) : "";
      const growth = small && small.p50 > 0 ? (r.figures.p50 / small.p50).toFixed(2) : small ? "—" : "";
      lines.push(
        `| ${r.name} | ${r.figures.rps.toFixed(0)} | ${r.figures.p50} | ${r.figures.p99} | ${r.figures.errors} | ${ratio} | ${small?.p50 ?? ""} | ${growth} |`,
      );
    }
    lines.push("");
    const seen = ceilings.get(`${db} ${LARGE}`) ?? [];
    if (seen.length > 1)
      lines.push(
        `The one-query ceiling, measured ${seen.length} times during this part of the run (${db === "postgres" ? "before each read" : "before the app started and after it stopped"}): ${Math.min(...seen).toFixed(0)}–${Math.max(...seen).toFixed(0)} req/s. Each ratio is to the one measured ${db === "postgres" ? "just before that read" : "before and after, averaged"}.`,
        "",
      );
  }
  lines.push(
    "Targets (PostgreSQL): every read endpoint at least 0.5 of the one-query ceiling, p99 under 30 ms, growth under 1.5, zero errors; submission at least 500/s.",
    "",
    "Students' and supervisors' proposal lists and the committee's people lists are kept per instance and sent again while the database's version of what they show is unchanged (one primary-key read per request); \"nothing kept\" is the same request with that turned off (PROPOSAL_CACHE_MB=0, PEOPLE_CACHE_MB=0), as each runs the first time after a change to what it shows.",
    "",
  );
  return lines.join("\n");
}

const kinds = (args.only ? [args.only] : ["postgres", "pglite"]) as ("pglite" | "postgres")[];
for (const kind of kinds) {
  for (const size of [SMALL, LARGE]) await runOne(kind, size);
}
const text = report();
console.log(`\n${text}`);
writeFileSync(args.out ?? path.join(root, "docs/performance.md"), `${text}\n`);
