/**
 * npm run bench [-- --quick] [--only pglite|postgres] [--out file] [--profile dir]
 *
 * Seeds a department (at least 50,000 users and 50,000 proposals, most of them Denied
 * history), then loads it with autocannon (10 connections, after a warm-up): first the two
 * ceilings in a separate process (constant JSON; one primary-key SELECT), then the real
 * endpoints, each on the large database and at once on one of 1,000 proposals (the growth
 * ratio), on PostgreSQL and PGlite.
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
const ceilingsOf = (kind: string, size: number) => {
  const key = `${kind} ${size}`;
  if (!ceilings.has(key)) ceilings.set(key, []);
  return ceilings.get(key) as number[];
};

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

/** One seeded database of one size, with the processes that serve it. */
interface Bed {
  kind: "pglite" | "postgres";
  size: number;
  target: Awaited<ReturnType<typeof openBenchDb>>;
  fx: Fixture;
  basePort: number;
  url: string;
  baseline?: ChildProcess;
  server?: ChildProcess;
  /** Submitters used so far. */
  next: number;
}

async function makeBed(kind: Bed["kind"], size: number, basePort: number): Promise<Bed> {
  const target = await openBenchDb(kind);
  const started = Date.now();
  const database = await target.open();
  const fx = await prepare(database, size);
  await database.close();
  console.log(`[${kind} ${size}] seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { kind, size, target, fx, basePort, url: `http://127.0.0.1:${basePort + 100}`, next: 0 };
}

function record(bed: Bed, name: string, read: boolean, figures: Figures, ceiling?: number) {
  rows.push({ db: bed.kind, size: bed.size, name, read, figures, ceiling });
  console.log(
    `[${bed.kind} ${bed.size}] ${name.padEnd(28)} ${figures.rps.toFixed(0).padStart(7)} req/s  p50 ${figures.p50} ms  p99 ${figures.p99} ms  errors ${figures.errors}`,
  );
}

const startBaseline = (bed: Bed) =>
  startProcess(
    "scripts/bench/baseline.ts",
    { ...bed.target.env, PORT: String(bed.basePort) },
    `http://127.0.0.1:${bed.basePort}/const`,
  );

async function pkCeiling(bed: Bed): Promise<Figures> {
  const f = await measure(`http://127.0.0.1:${bed.basePort}/pk`, {});
  ceilingsOf(bed.kind, bed.size).push(f.rps);
  return f;
}

const startApp = (bed: Bed, env: NodeJS.ProcessEnv = {}) =>
  startProcess(
    "server/src/server.ts",
    {
      ...bed.target.env,
      NODE_ENV: "production",
      PORT: String(bed.basePort + 100),
      HOST: "127.0.0.1",
      PUBLIC_URL: bed.url,
      LOG_LEVEL: "warn",
      SESSION_SECRET: SECRET,
      ...env,
    },
    `${bed.url}/api/health`,
    args.profile ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(args.profile)}`] : [],
  );

async function stopAll(beds: Bed[], which: "server" | "baseline") {
  for (const bed of beds) {
    const child = bed[which];
    bed[which] = undefined;
    if (child) await stopProcess(child);
  }
}

async function submit(bed: Bed) {
  const body = (i: number) =>
    JSON.stringify({
      title: `Bench proposal ${i}`,
      abstract: "Measured.",
      type: "Project",
      ...bed.fx.submit,
      memberIds: [],
    });
  const submitOpts: Opts = {
    requests: [
      {
        method: "POST",
        path: "/api/proposals",
        setupRequest: (req) => {
          const i = bed.next++;
          return {
            ...req,
            headers: {
              "content-type": "application/json",
              cookie: bed.fx.submitters[i % bed.fx.submitters.length],
            },
            body: body(i),
          };
        },
      },
    ],
  };
  // Warm up like the reads (WARMUP_S seconds, on a quarter of the submitters at most), then
  // measure on fresh ones; wrap-around would give 409s (counted as errors).
  const { submitters } = bed.fx;
  await load(bed.url, submitOpts, WARMUP_S, Math.floor(submitters.length / 4));
  const r = await load(bed.url, submitOpts, DURATION_S, Math.max(0, submitters.length - bed.next));
  record(bed, "student: submit proposal", false, figures(r, r.result.requests.total / r.result.duration));
}

/**
 * Both sizes of one database side by side, each endpoint measured on the large one and then at
 * once on the small one, so that the growth ratio compares two measurements a few seconds
 * apart: this machine's speed drifts (other tenants of the host) by up to 2x within a run.
 *
 * The ceilings run in a separate process. The one-query ceiling is measured again next to the
 * reads: on PostgreSQL just before each read of the large database (its baseline stays up beside
 * the app); on PGlite, which belongs to one process, before the apps start and again after they
 * stop. Each read's ratio is to the ceiling nearest in time.
 */
async function runKind(kind: Bed["kind"]) {
  const port = 3900 + Math.floor(Math.random() * 40) * 2;
  const beds: Bed[] = [];
  try {
    beds.push(await makeBed(kind, LARGE, port));
    beds.push(await makeBed(kind, SMALL, port + 1));
    const [large] = beds;
    for (const bed of beds) {
      bed.baseline = await startBaseline(bed);
      record(
        bed,
        "ceiling: constant JSON",
        true,
        await measure(`http://127.0.0.1:${bed.basePort}/const`, {}),
      );
      record(bed, "ceiling: one PK select", true, await pkCeiling(bed));
      if (kind === "pglite" || bed !== large) await stopAll([bed], "baseline");
    }
    const read = async (name: string, urlPath: (fx: Fixture) => string, cookie: (fx: Fixture) => string) => {
      for (const bed of beds) {
        const ceiling = bed.baseline ? (await pkCeiling(bed)).rps : undefined;
        record(bed, name, true, await measure(`${bed.url}${urlPath(bed.fx)}`, get(cookie(bed.fx))), ceiling);
      }
    };
    const student = (fx: Fixture) => fx.student;
    const supervisor = (fx: Fixture) => fx.supervisor;
    const committee = (fx: Fixture) => fx.committee;
    const list = () => "/api/proposals";
    const pending = () => "/api/proposals?status=Pending&order=oldest&pageSize=20";
    const search = (fx: Fixture) => `/api/users?role=student&q=${fx.searchTerm}&pageSize=20`;

    // First the reads with no answers kept (PROPOSAL_CACHE_MB=0, PEOPLE_CACHE_MB=0): what each
    // costs the first time after a change to what it shows. Before the submissions, like the
    // other reads, so that their writes do not weigh on them.
    for (const bed of beds)
      bed.server = await startApp(bed, { PEOPLE_CACHE_MB: "0", PROPOSAL_CACHE_MB: "0" });
    await read("student: list, nothing kept", list, student);
    await read("supervisor: pending, nothing kept", pending, supervisor);
    await read("committee: search, nothing kept", search, committee);
    await stopAll(beds, "server");
    for (const bed of beds) bed.server = await startApp(bed);
    await read("student: GET /api/proposals", list, student);
    await read("supervisor: pending list", pending, supervisor);
    await read("supervisor: dashboard", () => "/api/supervisor/dashboard", supervisor);
    await read("committee: user search", search, committee);
    for (const bed of beds) await submit(bed);
    await stopAll(beds, "server");
    await stopAll(beds, "baseline");

    if (kind === "pglite") {
      for (const bed of beds) {
        bed.baseline = await startBaseline(bed);
        const after = await pkCeiling(bed);
        console.log(
          `[${kind} ${bed.size}] ceiling: one PK select, after  ${after.rps.toFixed(0).padStart(7)} req/s`,
        );
        await stopAll([bed], "baseline");
        // The reads between the two measurements are compared with their mean.
        const mean = (ceilingsOf(kind, bed.size)[0] + after.rps) / 2;
        for (const r of rows)
          if (r.db === kind && r.size === bed.size && r.read && !r.name.startsWith("ceiling"))
            r.ceiling = mean;
      }
    }
  } finally {
    await stopAll(beds, "server");
    await stopAll(beds, "baseline");
    for (const bed of beds) await bed.target.drop();
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
    const seen = ceilingsOf(db, LARGE);
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
for (const kind of kinds) await runKind(kind);
const text = report();
console.log(`\n${text}`);
writeFileSync(args.out ?? path.join(root, "docs/performance.md"), `${text}\n`);
