/**
 * npm run bench [-- --quick] [--out file] [--profile dir]
 *
 * What users meet, on PostgreSQL (DESIGN.md §14). Two databases are seeded and served side by
 * side: a large one (50,000 proposals and 50,000 students; --quick: 10,000) and one of 1,000
 * proposals. Then:
 *   1. Reads: every GET a signed-in person uses, as that person, loaded by autocannon (10
 *      connections, after a warm-up) on the large database and at once on the small one (the
 *      growth ratio); the one-query ceiling (a separate process) is measured again just before
 *      each read, and each read's ratio is to that measurement.
 *   2. Deadline burst: submissions from students with no active proposal, open loop, evenly over
 *      a minute (--quick: 500 over 10 s), then the database's invariants checked in SQL.
 *   3. Live fan-out: 2,000 students (--quick: 200) hold GET /api/events open; their supervisors
 *      send a notice to each of their groups (all supervisors at once, each one notice after
 *      another); time from each send to each delivery.
 *   4. Allocation: 10,000 groups over 2,000 topics of 500 supervisors, 5 preferences each
 *      (--quick: a tenth): the matching alone, then the API run (read, match, store the draft).
 *   5. Hostile uploads: ten hostile PDFs uploaded at once while GET /api/health is asked; its
 *      p99 (target under 100 ms, DESIGN.md §21). Then ten valid PDFs of 20 MB the same way.
 * Prints the figures as it goes and writes docs/performance.md (or --out).
 *
 * npm run bench -- --only uploads: section 5 alone, on a database of its own; it replaces that
 * section of docs/performance.md (or --out) and leaves the rest of the file as it is.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createHmac, randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import { openDatabase } from "../server/src/db/client";
import { type AllocationFigures, runAllocationBench } from "./bench/allocation";
import { type BurstFigures, runBurst } from "./bench/burst";
import { type FanoutFigures, runFanout } from "./bench/fanout";
import { percentile } from "./bench/stats";
import { HEALTH_TARGET_MS, runUploadsBench, type UploadsFigures, uploadsReport } from "./bench/uploads";
import { seedVolume } from "./lib/seed-core";

const { values: args } = parseArgs({
  options: {
    quick: { type: "boolean" },
    out: { type: "string" },
    // Writes a V8 CPU profile of each app server run (open it in Chrome DevTools) to this folder.
    profile: { type: "string" },
    // Runs one section alone: "uploads".
    only: { type: "string" },
  },
});
if (args.only && args.only !== "uploads") throw new Error(`--only: unknown section "${args.only}" (uploads)`);
const QUICK = !!args.quick;
const PG_SERVER = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const SECRET = "bench-session-secret-bench-session-secret-01";
const CONNECTIONS = 10;
const WARMUP_S = QUICK ? 1 : 3;
const DURATION_S = QUICK ? 3 : 10;
const LARGE = QUICK ? 10_000 : 50_000;
const SMALL = 1_000;
const BURST = QUICK ? { count: 500, seconds: 10 } : { count: 5_000, seconds: 60 };
const BURST_SUPERVISORS = 200;
const FANOUT_STUDENTS = QUICK ? 200 : 2_000;
const ALLOCATION = QUICK
  ? { groups: 1_000, topics: 200, supervisors: 50, preferences: 5 }
  : { groups: 10_000, topics: 2_000, supervisors: 500, preferences: 5 };
const root = path.resolve(import.meta.dirname, "..");
const began = performance.now();

const log = (line: string) => {
  const s = Math.floor((performance.now() - began) / 1000);
  console.log(`[${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}] ${line}`);
};

// ── processes ────────────────────────────────────────────────────────────────

interface Proc {
  child: ChildProcess;
  /** The last of what it printed (for errors). */
  output(): string;
}

async function startProcess(
  script: string,
  env: NodeJS.ProcessEnv,
  readyUrl: string,
  nodeArgs: string[] = [],
): Promise<Proc> {
  const child = spawn(process.execPath, [...nodeArgs, "--import", "tsx", script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const keep = (d: Buffer) => {
    out = (out + d.toString()).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const proc = { child, output: () => out };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited:\n${out}`);
    try {
      if ((await fetch(readyUrl)).ok) return proc;
    } catch {
      /* not yet */
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`${script} did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function stopProcess(proc: Proc | undefined) {
  if (!proc) return;
  const { child } = proc;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const done = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  const force = setTimeout(() => child.kill("SIGKILL"), 20_000);
  await done;
  clearTimeout(force);
}

function alive(proc: Proc | undefined, what: string) {
  if (proc && proc.child.exitCode !== null) throw new Error(`${what} exited:\n${proc.output()}`);
}

// ── load ─────────────────────────────────────────────────────────────────────

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
}

/**
 * GETs of `paths` with a cookie for `seconds`; with several paths, each request takes the next
 * one in order (one rotation shared by all connections).
 */
function load(base: string, paths: string[], cookie: string | undefined, seconds: number) {
  return new Promise<Figures>((resolve, reject) => {
    const times: number[] = [];
    let k = 0;
    const run = autocannon(
      {
        url: base,
        connections: CONNECTIONS,
        duration: seconds,
        headers: cookie ? { cookie } : {},
        requests: [
          {
            method: "GET",
            path: paths[0],
            setupRequest: (req) => ({ ...req, path: paths[k++ % paths.length] }),
          },
        ],
      },
      (err, r) => {
        if (err) return reject(err);
        const sorted = Float64Array.from(times).sort();
        resolve({
          rps: r.requests.average,
          p50: percentile(sorted, 0.5),
          p99: percentile(sorted, 0.99),
          errors: r.errors + r.timeouts + r.non2xx,
          requests: r.requests.total,
        });
      },
    );
    // Every 2xx response's own time, to a hundredth of a ms (autocannon's percentiles are whole ms).
    run.on("response", (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) times.push(responseTime);
    });
  });
}

async function measure(base: string, paths: string[], cookie?: string): Promise<Figures> {
  await load(base, paths, cookie, WARMUP_S);
  return load(base, paths, cookie, DURATION_S);
}

// ── data ─────────────────────────────────────────────────────────────────────

/** Signed session cookies minted straight into the database (logging in thousands would time argon2). */
async function mintSessions(client: pg.Client, userIds: string[]): Promise<string[]> {
  const cookies: string[] = [];
  const tokens: string[] = [];
  for (const _ of userIds) {
    const token = randomBytes(24).toString("base64url");
    const signature = createHmac("sha256", SECRET).update(token).digest("base64");
    tokens.push(token);
    cookies.push(`thesisdesk.session_token=${encodeURIComponent(`${token}.${signature}`)}`);
  }
  // As a login makes them: valid for 30 days (not yet due for a refresh).
  const expires = new Date(Date.now() + 30 * 86_400_000);
  for (let i = 0; i < userIds.length; i += 5000)
    await client.query(
      `insert into sessions (token, user_id, expires_at)
       select t, u, $3::timestamptz from unnest($1::text[], $2::uuid[]) as x(t, u)`,
      [tokens.slice(i, i + 5000), userIds.slice(i, i + 5000), expires],
    );
  return cookies;
}

interface Fixture {
  tag: string;
  students: number;
  supervisors: number;
  cellCount: number;
  student: string;
  studentProposal: string;
  supervisor: string;
  committee: string;
  cells: string[];
  /** Students with no proposal, and their cookies (large database only). */
  submitters: string[];
  burstSupervisors: { supervisorId: string; researchCellId: string }[];
  /** How many students each picker and committee term finds (as the start of a word). */
  pickerCounts: number[];
  committeeCounts: number[];
  /** Whole names ("first last") and email first parts of students of this database, as typed. */
  sampleNames: string[];
  sampleEmails: string[];
}

/**
 * The member picker's searches (GET /api/students?q=), rotated per request: a surname's start, a
 * whole surname, a first name, a name's first two letters twice, a student-ID prefix.
 */
const pickerTerms = (fx: Fixture) => ["Tan", "Okafor", "Grace", "Me", "Li", `S${fx.tag.toUpperCase()}0003`];

/**
 * What committee members type in the people search (GET /api/users?role=student&q=), rotated per
 * request: whole surnames, first names, "first last", a name's first 2–4 letters, a student-ID
 * prefix, an email's first part. Every term is the start of a word, so it finds people whether
 * search means "contains" or "a word starts with".
 */
const committeeTerms = (fx: Fixture) => [
  "Tanaka",
  "Okafor",
  "Lindqvist",
  "Novak",
  "Yilmaz",
  "Amara",
  "Grace",
  "Mateo",
  "Priya",
  ...fx.sampleNames,
  "Ka",
  "Nak",
  "Ros",
  "Fisc",
  `S${fx.tag.toUpperCase()}00012`,
  ...fx.sampleEmails,
];

type Who = "student" | "supervisor" | "committee";
interface Read {
  name: string;
  who: Who;
  paths: (fx: Fixture) => string[];
  /** How the request changes from one to the next, for the report (given both databases' fixtures). */
  rotation?: (large?: Fixture, small?: Fixture) => string;
}

const q = (term: string) => encodeURIComponent(term);

/** "terms in turn …: Tanaka (1,650 / 33), …" with the students each finds on each database. */
function termList(
  terms: (fx: Fixture) => string[],
  large: Fixture | undefined,
  small: Fixture | undefined,
  largeCounts: number[] = [],
  smallCounts: number[] = [],
) {
  const names = terms(large ?? ({ tag: `b${LARGE}` } as Fixture));
  const smallNames = small ? terms(small) : [];
  const list = names.map((t, i) => {
    const alt = smallNames[i] && smallNames[i] !== t ? ` (${smallNames[i]} on the small one)` : "";
    return `"${t}"${alt} ${largeCounts[i] ?? "?"} / ${smallCounts[i] ?? "?"}`;
  });
  return `terms in turn, each with the students it finds (as the start of a word) at ${LARGE.toLocaleString("en")} / ${SMALL.toLocaleString("en")} proposals: ${list.join(", ")}`;
}

/** The reads, in the order they are measured and listed. */
const READS: Read[] = [
  { name: "student: GET /api/me", who: "student", paths: () => ["/api/me"] },
  { name: "student: GET /api/proposals", who: "student", paths: () => ["/api/proposals"] },
  {
    name: "student: GET /api/proposals/:id",
    who: "student",
    paths: (fx) => [`/api/proposals/${fx.studentProposal}`],
  },
  {
    name: "student: GET /api/proposals/:id/messages",
    who: "student",
    paths: (fx) => [`/api/proposals/${fx.studentProposal}/messages`],
  },
  { name: "student: GET /api/notices", who: "student", paths: () => ["/api/notices"] },
  {
    name: "student: GET /api/notices/unread-count",
    who: "student",
    paths: () => ["/api/notices/unread-count"],
  },
  { name: "student: GET /api/research-cells", who: "student", paths: () => ["/api/research-cells"] },
  {
    name: "student: GET /api/supervisors?researchCellId=",
    who: "student",
    paths: (fx) => fx.cells.map((id) => `/api/supervisors?researchCellId=${id}`),
    rotation: () => "every research cell in turn, by title",
  },
  {
    name: "student: GET /api/students?q= (member picker)",
    who: "student",
    paths: (fx) => pickerTerms(fx).map((t) => `/api/students?q=${q(t)}`),
    rotation: (large, small) => termList(pickerTerms, large, small, large?.pickerCounts, small?.pickerCounts),
  },
  {
    name: "supervisor: pending list",
    who: "supervisor",
    paths: () => ["/api/proposals?status=Pending&order=oldest&pageSize=20"],
  },
  {
    name: "supervisor: Thesis Groups (type=Thesis, pages of 20)",
    who: "supervisor",
    paths: () => ["/api/proposals?type=Thesis&order=newest&page=1&pageSize=20"],
  },
  {
    name: "supervisor: GET /api/supervisor/dashboard",
    who: "supervisor",
    paths: () => ["/api/supervisor/dashboard"],
  },
  { name: "supervisor: GET /api/notices (sent)", who: "supervisor", paths: () => ["/api/notices"] },
  { name: "committee: GET /api/proposals", who: "committee", paths: () => ["/api/proposals"] },
  {
    name: "committee: GET /api/committee/dashboard",
    who: "committee",
    paths: () => ["/api/committee/dashboard"],
  },
  {
    name: "committee: students by name, pages 1–50",
    who: "committee",
    paths: () =>
      Array.from(
        { length: 50 },
        (_, i) => `/api/users?role=student&sort=name&order=asc&pageSize=20&page=${i + 1}`,
      ),
    rotation: () => "page 1, 2, … 50 in turn (pageSize 20, sorted by name)",
  },
  {
    name: "committee: student search, 20 terms",
    who: "committee",
    paths: (fx) => committeeTerms(fx).map((t) => `/api/users?role=student&q=${q(t)}&pageSize=20`),
    rotation: (large, small) =>
      termList(committeeTerms, large, small, large?.committeeCounts, small?.committeeCounts),
  },
  {
    name: "committee: GET /api/users?role=supervisor",
    who: "committee",
    paths: () => ["/api/users?role=supervisor&pageSize=20"],
  },
];

/** How many students a term finds as the start of a word of a name or email, or of a student ID. */
async function termMatches(client: pg.Client, term: string, nameOnly: boolean): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    `select count(*)::int as n from users where role = 'student' and (
       name ~* ('(^|[^[:alnum:]])' || $1) or ($2 and email ~* ('(^|[^[:alnum:]])' || $1))
       or student_id ilike $1 || '%')`,
    [term.replace(/[.]/g, "\\."), !nameOnly],
  );
  return rows[0].n;
}

async function prepare(url: string, size: number, free: number): Promise<Fixture> {
  const tag = `b${size}`;
  const supervisors = Math.max(10, Math.round(size / 100));
  const cellCount = Math.max(5, Math.round(supervisors / 20));
  const database = await openDatabase({ databaseUrl: url, poolSize: 4 }); // migrates
  try {
    await seedVolume(database.db, {
      students: size,
      supervisors,
      cells: cellCount,
      proposals: size,
      noticesPerGroup: 1,
      messagesPerGroup: 1,
      password: "bench-password",
      tag,
    });
    // Students with no proposal at all, to submit during the deadline burst.
    if (free)
      await seedVolume(database.db, {
        students: free,
        supervisors: 0,
        cells: 0,
        proposals: 0,
        noticesPerGroup: 0,
        messagesPerGroup: 0,
        password: "bench-password",
        tag: `f${size}`,
      });
  } finally {
    await database.close();
  }

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const one = async <T>(text: string, values: unknown[] = []) =>
      (await client.query(text, values)).rows[0] as T;
    const committee = await one<{ id: string }>(
      `insert into users (name, email, role) values ('Bench Committee', $1, 'committee') returning id`,
      [`bench-committee-${size}@example.edu`],
    );
    const student = await one<{ user_id: string; proposal_id: string }>(
      `select m.user_id, p.id as proposal_id
         from proposal_members m join proposals p on p.id = m.proposal_id
        where m.active and m.position = 0
          and exists (select 1 from messages x where x.proposal_id = p.id)
          and exists (select 1 from notices n where n.proposal_id = p.id)
        order by p.created_at desc, p.id limit 1`,
    );
    const busiest = await one<{ supervisor_id: string }>(
      `select supervisor_id from proposals where status = 'Pending'
        group by supervisor_id order by count(*) desc, supervisor_id limit 1`,
    );
    const cells = (await client.query<{ id: string }>(`select id from research_cells order by title`)).rows;
    const freeStudents = (
      await client.query<{ id: string }>(
        `select id from users where role = 'student' and email like $1 order by student_id`,
        [`%.f${size}@example.edu`],
      )
    ).rows;
    const burstSupervisors = (
      await client.query<{ supervisor_id: string; research_cell_id: string }>(
        `select distinct on (u.email) sc.supervisor_id, sc.research_cell_id
           from supervisor_cells sc join users u on u.id = sc.supervisor_id
          order by u.email, sc.research_cell_id limit $1`,
        [BURST_SUPERVISORS],
      )
    ).rows;

    // People a committee member looks for by whole name or by email: four and two students of this
    // database (names repeat rarely in pools of 177 × 183, so fixed pairs would find nobody at 1,000).
    const samples = (
      await client.query<{ name: string; email: string }>(
        `select name, email from users where role = 'student' order by student_id limit 6 offset 7`,
      )
    ).rows;
    const [studentCookie, supervisorCookie, committeeCookie] = await mintSessions(client, [
      student.user_id,
      busiest.supervisor_id,
      committee.id,
    ]);
    const submitters = await mintSessions(
      client,
      freeStudents.map((s) => s.id),
    );
    const fx: Fixture = {
      tag,
      students: size + free,
      supervisors,
      cellCount,
      student: studentCookie,
      studentProposal: student.proposal_id,
      supervisor: supervisorCookie,
      committee: committeeCookie,
      cells: cells.map((c) => c.id),
      submitters,
      burstSupervisors: burstSupervisors.map((r) => ({
        supervisorId: r.supervisor_id,
        researchCellId: r.research_cell_id,
      })),
      pickerCounts: [],
      committeeCounts: [],
      sampleNames: samples.slice(0, 4).map((r) => r.name),
      sampleEmails: samples.slice(4).map((r) => r.email.split("@")[0]),
    };
    for (const [terms, nameOnly, counts] of [
      [pickerTerms(fx), true, fx.pickerCounts],
      [committeeTerms(fx), false, fx.committeeCounts],
    ] as const)
      for (const term of terms) {
        const n = await termMatches(client, term, nameOnly);
        counts.push(n);
        if (n === 0) log(`warning: the search term "${term}" finds no student at ${size}`);
      }
    // Fresh statistics and visibility maps, then everything written to disk: otherwise autovacuum
    // and the checkpoint after the seeding run during the first measurements and slow them down.
    await client.query("vacuum analyze");
    await client.query("checkpoint");
    return fx;
  } finally {
    await client.end();
  }
}

// ── beds: one seeded database of one size, with the processes that serve it ─

interface Bed {
  size: number;
  name: string;
  url: string;
  dataDir: string;
  fx?: Fixture;
  basePort: number;
  appUrl: string;
  baseline?: Proc;
  server?: Proc;
}

async function createBed(size: number, basePort: number): Promise<Bed> {
  const name = `thesisdesk_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: PG_SERVER });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_SERVER);
  url.pathname = `/${name}`;
  return {
    size,
    name,
    url: url.toString(),
    dataDir: mkdtempSync(path.join(os.tmpdir(), "td-bench-")),
    basePort,
    appUrl: `http://127.0.0.1:${basePort + 100}`,
  };
}

async function dropBed(bed: Bed) {
  await stopProcess(bed.server);
  await stopProcess(bed.baseline);
  const admin = new pg.Client({ connectionString: PG_SERVER });
  await admin.connect();
  await admin.query(`drop database if exists ${bed.name} with (force)`);
  await admin.end();
  rmSync(bed.dataDir, { recursive: true, force: true });
}

const startBaseline = (bed: Bed) =>
  startProcess(
    "scripts/bench/baseline.ts",
    { DATABASE_URL: bed.url, PORT: String(bed.basePort) },
    `http://127.0.0.1:${bed.basePort}/const`,
  );

const startApp = (bed: Bed) =>
  startProcess(
    "server/src/server.ts",
    {
      DATABASE_URL: bed.url,
      DATA_DIR: bed.dataDir,
      NODE_ENV: "production",
      PORT: String(bed.basePort + 100),
      HOST: "127.0.0.1",
      PUBLIC_URL: bed.appUrl,
      LOG_LEVEL: "warn",
      SESSION_SECRET: SECRET,
    },
    `${bed.appUrl}/api/health`,
    args.profile ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(args.profile)}`] : [],
  );

// ── results ──────────────────────────────────────────────────────────────────

interface Row {
  name: string;
  large: Figures;
  small: Figures;
  /** The one-query ceiling (req/s) measured just before this read on the large database. */
  ceiling?: number;
}
const rows: Row[] = [];
const ceilings: number[] = [];
let burst: BurstFigures | undefined;
let fanout: FanoutFigures | undefined;
let allocation: AllocationFigures | undefined;
let uploads: UploadsFigures | undefined;
let pgVersion = "";
const fixtures: { large?: Fixture; small?: Fixture } = {};

const fmt = (f: Figures) =>
  `${f.rps.toFixed(0).padStart(6)} req/s  p50 ${f.p50} ms  p99 ${f.p99} ms  errors ${f.errors}`;

/** Which of the read targets a row misses (empty: none). */
function misses(r: Row): string[] {
  const out: string[] = [];
  if (r.ceiling && r.large.rps / r.ceiling < 0.4) out.push("÷ ceiling");
  if (r.large.p99 >= 30) out.push("p99");
  if (r.small.p50 > 0 && r.large.p50 / r.small.p50 > 1.3) out.push("growth");
  if (r.large.errors || r.small.errors) out.push("errors");
  return out;
}

// ── the run ──────────────────────────────────────────────────────────────────

async function runUploads(bed: Bed, client: pg.Client) {
  log("hostile uploads: ten at once, GET /api/health meanwhile");
  uploads = await runUploadsBench({
    base: new URL(bed.appUrl),
    client,
    serverPid: bed.server!.child.pid!,
    mint: (ids) => mintSessions(client, ids),
  });
  alive(bed.server, "the app server");
  log(
    `    health p99 ${uploads.health.p99} ms (target under ${HEALTH_TARGET_MS}), max ${uploads.health.max} ms, ${JSON.stringify(uploads.healthStatus)}; uploads ${JSON.stringify(uploads.uploadStatus)} in ${uploads.seconds} s; RSS ${uploads.rssBeforeMiB} → peak ${uploads.rssPeakMiB} MiB`,
  );
  const v = uploads.valid;
  if (v)
    log(
      `    ten valid 20 MB PDFs: health p99 ${v.health.p99} ms, max ${v.health.max} ms; uploads ${JSON.stringify(v.uploadStatus)} in ${v.seconds} s; RSS ${v.rssBeforeMiB} → peak ${v.rssPeakMiB} MiB`,
    );
}

/** --only uploads: a database of its own (migrated by the server), no seeding. */
async function runOnlyUploads() {
  const port = 3900 + Math.floor(Math.random() * 40) * 2;
  const bed = await createBed(0, port);
  try {
    const admin = new pg.Client({ connectionString: PG_SERVER });
    await admin.connect();
    pgVersion = (await admin.query<{ server_version: string }>("show server_version")).rows[0].server_version;
    await admin.end();
    bed.server = await startApp(bed);
    const client = new pg.Client({ connectionString: bed.url });
    await client.connect();
    try {
      await runUploads(bed, client);
    } finally {
      await client.end();
    }
  } finally {
    await dropBed(bed).catch((err) => log(`dropping ${bed.name}: ${err}`));
  }
}

async function run() {
  const port = 3900 + Math.floor(Math.random() * 40) * 2;
  const beds: Bed[] = [];
  try {
    const admin = new pg.Client({ connectionString: PG_SERVER });
    await admin.connect();
    pgVersion = (await admin.query<{ server_version: string }>("show server_version")).rows[0].server_version;
    await admin.end();

    const large = await createBed(LARGE, port);
    beds.push(large);
    const small = await createBed(SMALL, port + 1);
    beds.push(small);
    for (const [bed, free] of [
      [large, BURST.count],
      [small, 0],
    ] as const) {
      const started = performance.now();
      bed.fx = await prepare(bed.url, bed.size, free);
      log(
        `seeded ${bed.size.toLocaleString("en")} proposals in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    }
    const L = large.fx!;
    const S = small.fx!;
    fixtures.large = L;
    fixtures.small = S;

    // The ceilings, in their own process beside the app: the large database's stays up and is
    // measured again just before each read.
    const ceilingRows: Row[] = [];
    const both: Partial<Record<"const" | "pk", Partial<Record<"large" | "small", Figures>>>> = {};
    for (const bed of [large, small]) {
      bed.baseline = await startBaseline(bed);
      const which = bed === large ? "large" : "small";
      for (const kind of ["const", "pk"] as const) {
        const f = await measure(`http://127.0.0.1:${bed.basePort}`, [`/${kind}`]);
        both[kind] = { ...both[kind], [which]: f };
        log(`[${bed.size}] ceiling ${kind.padEnd(5)} ${fmt(f)}`);
      }
    }
    await stopProcess(small.baseline);
    small.baseline = undefined;
    ceilings.push(both.pk!.large!.rps);
    ceilingRows.push(
      { name: "ceiling: constant JSON", large: both.const!.large!, small: both.const!.small! },
      { name: "ceiling: one PK select", large: both.pk!.large!, small: both.pk!.small! },
    );
    rows.push(...ceilingRows);

    large.server = await startApp(large);
    small.server = await startApp(small);
    log("app servers up");

    // 1. Reads.
    const cookie = (fx: Fixture, who: Who) => fx[who];
    for (const read of READS) {
      const ceiling = await measure(`http://127.0.0.1:${large.basePort}`, ["/pk"]);
      ceilings.push(ceiling.rps);
      const onLarge = await measure(large.appUrl, read.paths(L), cookie(L, read.who));
      const onSmall = await measure(small.appUrl, read.paths(S), cookie(S, read.who));
      alive(large.server, "the app server (large)");
      alive(small.server, "the app server (small)");
      rows.push({ name: read.name, large: onLarge, small: onSmall, ceiling: ceiling.rps });
      log(`${read.name}`);
      log(
        `    ${LARGE}: ${fmt(onLarge)}  ÷ ceiling ${(onLarge.rps / ceiling.rps).toFixed(2)} (${ceiling.rps.toFixed(0)})`,
      );
      log(
        `    ${SMALL}: ${fmt(onSmall)}  growth ${onSmall.p50 ? (onLarge.p50 / onSmall.p50).toFixed(2) : "—"}`,
      );
    }
    // The rest runs on the large database alone.
    await stopProcess(small.server);
    small.server = undefined;
    await stopProcess(large.baseline);
    large.baseline = undefined;

    const client = new pg.Client({ connectionString: large.url });
    await client.connect();
    try {
      // 2. Deadline burst.
      log(
        `deadline burst: ${BURST.count} submissions over ${BURST.seconds} s to ${L.burstSupervisors.length} supervisors`,
      );
      burst = await runBurst({
        base: new URL(large.appUrl),
        client,
        cookies: L.submitters,
        supervisors: L.burstSupervisors,
        count: BURST.count,
        seconds: BURST.seconds,
        tag: randomBytes(3).toString("hex"),
      });
      alive(large.server, "the app server");
      log(
        `    sent ${burst.sent} (${burst.sendRate}/s), 201: ${burst.created}, statuses ${JSON.stringify(burst.byStatus)}, p50 ${burst.latency.p50} ms, p99 ${burst.latency.p99} ms, max ${burst.latency.max} ms`,
      );
      for (const inv of burst.invariants)
        log(`    ${inv.pass ? "pass" : "FAIL"}  ${inv.name} (${inv.detail})`);

      // 3. Live fan-out.
      log(`live fan-out: about ${FANOUT_STUDENTS} students connected`);
      fanout = await runFanout({
        base: new URL(large.appUrl),
        client,
        serverPid: large.server!.child.pid!,
        students: FANOUT_STUDENTS,
        mint: (ids) => mintSessions(client, ids),
        tag: randomBytes(3).toString("hex"),
      });
      alive(large.server, "the app server");
      log(
        `    ${fanout.streamsOpen}/${fanout.streams} streams open in ${fanout.openSeconds} s; RSS ${fanout.rssBeforeMiB} → ${fanout.rssOpenMiB} MiB (${fanout.perConnectionKiB} KiB per connection)`,
      );
      log(
        `    ${fanout.noticesSent} notices ${JSON.stringify(fanout.noticeStatus)}; deliveries ${fanout.received}/${fanout.expected}; p50 ${fanout.delivery.p50} ms, p99 ${fanout.delivery.p99} ms, max ${fanout.delivery.max} ms; streams missing one: ${fanout.streamsMissing}`,
      );

      // 4. Allocation.
      log(
        `allocation: ${n(ALLOCATION.groups)} groups over ${n(ALLOCATION.topics)} topics of ${n(ALLOCATION.supervisors)} supervisors`,
      );
      allocation = await runAllocationBench({
        base: new URL(large.appUrl),
        client,
        shape: ALLOCATION,
        cookie: L.committee,
        cellId: L.burstSupervisors[0].researchCellId,
        runs: 5,
      });
      alive(large.server, "the app server");
      log(
        `    matching alone p50 ${allocation.match.p50} ms (max ${allocation.match.max}), ${allocation.match.matched} matched; API run p50 ${allocation.api.p50} ms (max ${allocation.api.max}), statuses ${allocation.api.status.join(",")}; seeded in ${allocation.seedSeconds} s`,
      );
      log(
        `    draft read p50 ${allocation.read.p50} ms (max ${allocation.read.max}), statuses ${allocation.read.status.join(",")}; publication ${allocation.publish.ms} ms (${allocation.publish.status}, ${allocation.publish.placed} placed)`,
      );

      // 5. Hostile uploads.
      await runUploads(large, client);
    } finally {
      await client.end();
    }
  } finally {
    for (const bed of beds) await dropBed(bed).catch((err) => log(`dropping ${bed.name}: ${err}`));
  }
}

// ── report ───────────────────────────────────────────────────────────────────

const n = (x: number) => x.toLocaleString("en");
const size = (fx: Fixture | undefined, proposals: number) =>
  fx
    ? `${n(proposals)} proposals (${n(fx.students)} students, ${n(fx.supervisors)} supervisors, ${n(fx.cellCount)} research cells)`
    : `${n(proposals)} proposals`;

function report(): string {
  const cpu = os.cpus();
  const L: string[] = [];
  L.push("# Performance", "");
  if (QUICK)
    L.push(
      `> **Quick run (\`--quick\`)**: ${n(LARGE)} proposals instead of 50,000, ${WARMUP_S} s warm-up and ${DURATION_S} s per measurement, a burst of ${BURST.count} over ${BURST.seconds} s, ${FANOUT_STUDENTS} students connected. For trying the bench, not figures of record.`,
      "",
    );
  L.push(
    `Measured by \`npm run bench${QUICK ? " -- --quick" : ""}\` on ${new Date().toISOString().slice(0, 10)}: ` +
      `${cpu.length} × ${cpu[0]?.model.trim()}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.type()} ${os.release()}, ` +
      `Node ${process.version}, PostgreSQL ${pgVersion}. The load generator, the server and the database share this machine.`,
    "",
  );
  L.push(
    "## Targets (DESIGN.md §14)",
    "",
    "- **Reads:** every read endpoint at least 0.4 of the one-query ceiling measured beside it, p99 under 30 ms, growth (p50 at 50,000 proposals ÷ p50 at 1,000) at most 1.3, no errors.",
    "- **Deadline burst:** 5,000 submissions spread over one minute to 200 supervisors: p99 under 250 ms, every invariant intact.",
    "- **Live fan-out:** 2,000 students connected, a burst of notices from their supervisors to all of their groups: each student has theirs within 2 s of its send.",
    "- **Allocation:** 10,000 groups over 2,000 topics and 500 supervisors, 5 preferences each: the matching alone under 1 s, the whole API run (read, match, store the draft) under 5 s.",
    `- **Hostile uploads (DESIGN.md §21):** GET /api/health answers within ${HEALTH_TARGET_MS} ms at the 99th percentile while ten hostile PDFs are uploaded at once.`,
    "",
  );

  L.push("## Reads", "");
  L.push(
    `Two databases seeded and served side by side, ${size(fixtures.large, LARGE)} and ${size(fixtures.small, SMALL)}; two thirds of each one's proposals are Denied history. ` +
      `Each endpoint is loaded by autocannon, ${CONNECTIONS} connections, ${WARMUP_S} s warm-up then ${DURATION_S} s measured, ` +
      `as the person named, on the large database and at once on the small one; p50 and p99 are from every response's own time. ` +
      `The one-query ceiling (one primary-key SELECT behind Fastify, in a separate process on the large database) is measured again just before each read, and "÷ ceiling" is the read's rate over that measurement.`,
    "",
  );
  L.push(
    "| endpoint | req/s | p50 ms | p99 ms | errors | ÷ ceiling | p50 at 1,000 | growth | misses |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---|",
  );
  for (const r of rows) {
    const ceiling = r.name.startsWith("ceiling");
    const ratio = r.ceiling ? (r.large.rps / r.ceiling).toFixed(2) : "";
    const growth = r.small.p50 > 0 ? (r.large.p50 / r.small.p50).toFixed(2) : "—";
    L.push(
      `| ${r.name} | ${r.large.rps.toFixed(0)} | ${r.large.p50} | ${r.large.p99} | ${r.large.errors + r.small.errors} | ${ratio} | ${r.small.p50} | ${growth} | ${ceiling ? "" : misses(r).join(", ")} |`,
    );
  }
  L.push("");
  if (ceilings.length > 1)
    L.push(
      `The one-query ceiling on the large database, measured ${ceilings.length} times during the reads: ${Math.min(...ceilings).toFixed(0)}–${Math.max(...ceilings).toFixed(0)} req/s.`,
      "",
    );
  L.push(
    "Errors are counted on both databases. Who reads: a student who created an active proposal (with a notice and a chat message); the supervisor with the most Pending proposals; a committee member. Requests that change from one to the next, in a fixed order (one rotation shared by the connections):",
    "",
  );
  for (const r of READS)
    if (r.rotation) L.push(`- ${r.name}: ${r.rotation(fixtures.large, fixtures.small)}.`);
  L.push(
    "",
    `Sizes that differ with the department, not only with the number of proposals: the research cells (and so GET /api/research-cells and the supervisors of a cell) and the supervisors (GET /api/users?role=supervisor's total).`,
    "",
  );

  L.push("## Deadline burst", "");
  if (burst) {
    const b = burst;
    const others = Object.entries(b.byStatus)
      .filter(([s]) => s !== "201")
      .map(([s, c]) => `${s === "0" ? "no answer" : s}: ${c}`)
      .join(", ");
    L.push(
      `${n(b.count)} submissions (POST /api/proposals, no other members) from ${n(b.count)} students who held no active proposal, ` +
        `to ${b.supervisors} supervisors (each in one of their cells, in turn), on the ${n(LARGE)}-proposal database, ` +
        `spread evenly over ${b.seconds} s (one every ${((b.seconds * 1000) / b.count).toFixed(1)} ms): open loop, each sent at its moment whether or not earlier ones had answered ` +
        `(node:http, a keep-alive agent without a socket limit). The latest send left ${b.maxLagMs} ms after its moment.`,
      "",
      "| sent | 201 | other answers | p50 ms | p99 ms | max ms | sent/s | answered/s |",
      "|---:|---:|---|---:|---:|---:|---:|---:|",
      `| ${b.sent} | ${b.created} | ${others || "none"} | ${b.latency.p50} | ${b.latency.p99} | ${b.latency.max} | ${b.sendRate} | ${b.answerRate} |`,
      "",
    );
    if (Object.keys(b.errors).length) L.push(`Without an HTTP answer: ${JSON.stringify(b.errors)}.`, "");
    L.push("Invariants, checked in SQL afterwards:", "", "| invariant | result | |", "|---|---|---|");
    for (const inv of b.invariants)
      L.push(`| ${inv.name} | ${inv.pass ? "pass" : "**FAIL**"} | ${inv.detail} |`);
    L.push("");
  } else L.push("Not run (the run stopped before it).", "");

  L.push("## Live fan-out", "");
  if (fanout) {
    const f = fanout;
    L.push(
      `After the burst, on the same database and server: every active member of the groups of ${f.supervisors} supervisors ` +
        `(taken whole, in order of email, until about ${n(FANOUT_STUDENTS)} students) holds GET /api/events open ` +
        `(node:http, one socket each; opened 50 at a time). Then all ${f.supervisors} supervisors at once send a notice to each of their ` +
        `${f.groups} groups (POST /api/notices, ${f.noticesSent} in all), each supervisor one after another as at the Notice screen. A delivery is the time from just before ` +
        `a notice's POST was sent until a recipient's stream had the \`notice.sent\` event with its id. ` +
        `Memory is the server process's VmRSS.`,
      "",
      "| | |",
      "|---|---:|",
      `| streams open | ${f.streamsOpen} of ${f.streams} (in ${f.openSeconds} s) |`,
      `| server RSS before / streams open / after the burst | ${f.rssBeforeMiB} / ${f.rssOpenMiB} / ${f.rssAfterMiB} MiB |`,
      `| memory per connection | ${f.perConnectionKiB} KiB |`,
      `| notices sent (answers) | ${f.noticesSent} (${Object.entries(f.noticeStatus)
        .map(([s, c]) => `${s === "0" ? "no answer" : s}: ${c}`)
        .join(", ")}) |`,
      `| POST /api/notices p50 / p99 / max | ${f.post.p50} / ${f.post.p99} / ${f.post.max} ms |`,
      `| deliveries received / expected | ${f.received} / ${f.expected} |`,
      `| delivery p50 / p99 / max | ${f.delivery.p50} / ${f.delivery.p99} / ${f.delivery.max} ms |`,
      `| delivery counted from the POST's answer instead (negative: the event came first), p50 / p99 / max | ${f.afterAnswer.p50} / ${f.afterAnswer.p99} / ${f.afterAnswer.max} ms |`,
      `| deliveries later than 2 s | ${f.lateOver2s} |`,
      `| streams that missed one | ${f.streamsMissing} |`,
      `| streams ended during the run / resync events | ${f.streamsEnded} / ${f.resyncs} |`,
      "",
    );
  } else L.push("Not run (the run stopped before it).", "");

  L.push("## Allocation", "");
  if (allocation) {
    const a = allocation;
    L.push(
      `${n(a.shape.groups)} groups, each ranking ${a.shape.preferences} distinct topics (popular topics more often: a power-1.5 skew), over ${n(a.shape.topics)} topics of 3–7 places ` +
        `offered by ${n(a.shape.supervisors)} supervisors of 25 places each; half the supervisors rank their applicants, the others leave them to the lot. ` +
        `The matching alone is SPA-student on the instance in memory (the first run, which warms the JIT, not counted); ` +
        `the API run is POST /api/terms/:id/allocation as a committee member on the large database, the same shape loaded into a term of its own (seeded in ${a.seedSeconds} s).`,
      "",
      "| | runs | p50 ms | max ms | groups matched |",
      "|---|---:|---:|---:|---:|",
      `| the matching alone | ${a.match.runs} | ${a.match.p50} | ${a.match.max} | ${n(a.match.matched)} |`,
      `| the API run (answers ${[...new Set(a.api.status)].join(", ")}) | ${a.api.runs} | ${a.api.p50} | ${a.api.max} | ${n(a.api.matched)} |`,
      `| the committee's read of the draft, GET (answers ${[...new Set(a.read.status)].join(", ")}) | ${a.read.runs} | ${a.read.p50} | ${a.read.max} | |`,
      `| the publication (answers ${a.publish.status}) | 1 | ${a.publish.ms} | ${a.publish.ms} | ${n(a.publish.placed)} placed |`,
      "",
      "The read and the publication each read the inputs again and compare their SHA-256 with the draft's (decision 0042); the publication first locks the term's groups, place overrides and supervisors' accounts.",
      "",
    );
  } else L.push("Not run (the run stopped before it).", "");

  L.push(...uploadsReport(uploads));

  L.push(
    "## Reading these figures",
    "",
    "<!-- To be written by hand after a full run (not by the bench): what met its target, what did not and why. -->",
    "",
    "_Not yet written for this run._",
    "",
  );
  return L.join("\n");
}

/**
 * One section's report put into the file in place of its earlier version (before "Reading these
 * figures" when it had none); the rest of the file stays as the last full run wrote it.
 */
function spliceSection(file: string, section: string[]) {
  const heading = section[0];
  const old = existsSync(file) ? readFileSync(file, "utf8") : "# Performance\n";
  const lines = old.replace(/\n$/, "").split("\n");
  const start = lines.indexOf(heading);
  const dated = [
    ...section.slice(0, 2),
    `Measured alone (\`npm run bench -- --only uploads\`) on ${new Date().toISOString().slice(0, 10)}, PostgreSQL ${pgVersion}, on a database of its own.`,
    "",
    ...section.slice(2),
  ];
  if (start >= 0) {
    let end = lines.findIndex((l, i) => i > start && l.startsWith("## "));
    if (end < 0) end = lines.length;
    lines.splice(start, end - start, ...dated);
  } else {
    const reading = lines.indexOf("## Reading these figures");
    lines.splice(reading >= 0 ? reading : lines.length, 0, ...dated);
  }
  writeFileSync(file, `${lines.join("\n")}\n`);
}

let failed: unknown;
try {
  await (args.only ? runOnlyUploads() : run());
} catch (err) {
  failed = err;
}
const out = args.out ?? path.join(root, "docs/performance.md");
if (args.only) {
  const section = uploadsReport(uploads);
  console.log(`\n${section.join("\n")}`);
  if (!failed) spliceSection(out, section);
} else {
  const text = report();
  console.log(`\n${text}`);
  // A run that stopped part-way leaves the last full report in place.
  if (!failed) writeFileSync(out, `${text}\n`);
}
log(`done in ${((performance.now() - began) / 60_000).toFixed(1)} min`);
if (failed) {
  console.error(failed);
  process.exitCode = 1;
}
