/**
 * `npm run bench -- --only lists` (DESIGN.md §22, issue 30 item 17): every list the screens open,
 * and the committee's dashboard, with 10 connections on PostgreSQL, each request as the next of
 * several people (40 supervisors, 10 committee members, 20 students in turn). Two databases of
 * their own, one after the other, each dropped after: the issue's (20,000 students, 10,000
 * proposals) and the bench's (50,000 of each). For each read: its time alone (one connection),
 * p50 and p99 at 10 connections, and the processor time it costs, the app server's and the
 * database's (its connections' processes), per request.
 */
import os from "node:os";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { type Bed, createBed, dropBed, startApp } from "./beds";
import { CONNECTIONS, DURATION_S, log, n, QUICK, WARMUP_S } from "./config";
import { cpuSeconds, databasePids } from "./cpu";
import { committeeTerms, type Fixture, mintSessions, pickerTerms, prepare } from "./fixture";
import { type Figures, load } from "./load";
import { alive } from "./processes";

export interface ListScale {
  label: string;
  students: number;
  proposals: number;
}

export const LIST_SCALES: ListScale[] = QUICK
  ? [{ label: "quick", students: 4_000, proposals: 2_000 }]
  : [
      { label: "the issue's", students: 20_000, proposals: 10_000 },
      { label: "the bench's", students: 50_000, proposals: 50_000 },
    ];
export const LIST_TARGET_MS = 30;
const PEOPLE = { supervisors: 40, committee: 10, students: 20 };
const ALONE = { warmup: 1, seconds: QUICK ? 2 : 4 };

type Who = "supervisor" | "committee" | "student";

/** Who reads, and what the reads name: their cookies (in turn), the current term, the cells. */
export interface ListPeople extends Record<Who, string[]> {
  termId: string;
  cells: string[];
  /** The words of proposal titles the committee searches for. */
  titleWords: string[];
}

interface ListRead {
  name: string;
  who: Who;
  paths: (fx: Fixture, people: ListPeople) => string[];
}

const q = encodeURIComponent;

/** The reads, as the screens send them (page sizes and orders are the client's). */
export const LIST_READS: ListRead[] = [
  {
    name: "supervisor: pending list (Requests, Pending Proposals)",
    who: "supervisor",
    paths: () => ["/api/proposals?status=Pending&order=oldest&page=1&pageSize=10"],
  },
  {
    name: "supervisor: reviewed, Approved",
    who: "supervisor",
    paths: () => ["/api/proposals?status=Approved&page=1&pageSize=10"],
  },
  {
    name: "supervisor: Thesis Groups (active, pages of 20)",
    who: "supervisor",
    paths: () => ["/api/proposals?type=Thesis&active=true&order=newest&page=1&pageSize=20"],
  },
  {
    name: "supervisor: groups to write to (Notice, Chat: 100, every term)",
    who: "supervisor",
    paths: () => ["/api/proposals?page=1&pageSize=100&termId=all"],
  },
  { name: "supervisor: sent notices", who: "supervisor", paths: () => ["/api/notices?page=1&pageSize=10"] },
  { name: "supervisor: dashboard", who: "supervisor", paths: () => ["/api/supervisor/dashboard"] },
  { name: "committee: dashboard", who: "committee", paths: () => ["/api/committee/dashboard"] },
  {
    name: "committee: Proposals, page 1",
    who: "committee",
    paths: () => ["/api/proposals?page=1&pageSize=20"],
  },
  {
    name: "committee: Proposals by status, pages 1–5",
    who: "committee",
    paths: () =>
      ["Pending", "Approved", "Denied"].flatMap((s) =>
        [1, 2, 3, 4, 5].map((p) => `/api/proposals?status=${s}&page=${p}&pageSize=20`),
      ),
  },
  {
    name: "committee: Proposals, title search",
    who: "committee",
    paths: (_fx, people) => people.titleWords.map((w) => `/api/proposals?q=${q(w)}&page=1&pageSize=20`),
  },
  {
    name: "committee: Approvals (every term, oldest first)",
    who: "committee",
    paths: () => ["/api/proposals?status=Awaiting%20committee&order=oldest&termId=all&page=1&pageSize=20"],
  },
  {
    name: "committee: people search, GET /api/users?role=student&q=",
    who: "committee",
    paths: (fx) => committeeTerms(fx).map((t) => `/api/users?role=student&q=${q(t)}&pageSize=20`),
  },
  {
    name: "committee: students by name, pages 1–50",
    who: "committee",
    paths: () =>
      Array.from(
        { length: 50 },
        (_, i) => `/api/users?role=student&sort=name&order=asc&pageSize=20&page=${i + 1}`,
      ),
  },
  {
    name: "committee: All Teachers, pages 1–5",
    who: "committee",
    paths: () => [1, 2, 3, 4, 5].map((p) => `/api/users?role=supervisor&pageSize=20&page=${p}`),
  },
  { name: "committee: activity log", who: "committee", paths: () => ["/api/activity?page=1&pageSize=25"] },
  {
    name: "committee: supervisors' load in the term",
    who: "committee",
    paths: (_fx, people) => [`/api/terms/${people.termId}/load`],
  },
  {
    name: "committee: Research Cells with their supervisors",
    who: "committee",
    paths: () => ["/api/research-cells?include=supervisors"],
  },
  { name: "committee: terms", who: "committee", paths: () => ["/api/terms"] },
  {
    name: "student: member picker, GET /api/students?q=",
    who: "student",
    paths: (fx) => pickerTerms(fx).map((t) => `/api/students?q=${q(t)}`),
  },
  { name: "student: research cells", who: "student", paths: () => ["/api/research-cells"] },
  {
    name: "student: supervisors of a cell",
    who: "student",
    paths: (_fx, people) => people.cells.map((id) => `/api/supervisors?researchCellId=${id}`),
  },
  { name: "student: own proposals", who: "student", paths: () => ["/api/proposals?page=1&pageSize=10"] },
  { name: "student: notices", who: "student", paths: () => ["/api/notices?page=1&pageSize=10"] },
];

export interface ListRow {
  name: string;
  /** One connection, one request after another. */
  alone: Figures;
  loaded: Figures;
  /** Processor time per request at 10 connections, in ms: the app server's and the database's. */
  appCpuMs: number;
  dbCpuMs: number;
}

export interface ListScaleFigures {
  scale: ListScale;
  fx: Fixture;
  seedSeconds: number;
  rows: ListRow[];
  /** The load average (1, 5, 15 min) just before and just after this database's reads. */
  loadBefore: number[];
  loadAfter: number[];
}

const loadAverage = () => os.loadavg().map((x) => Math.round(x * 100) / 100);

/** The extra people who read: 10 committee members, the 40 supervisors with most Pending, 20 students. */
async function listPeople(url: string, fx: Fixture): Promise<ListPeople> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const ids = async (text: string, values: unknown[] = []) =>
      (await client.query<{ id: string }>(text, values)).rows.map((r) => r.id);
    const committee = await ids(
      `insert into users (name, email, role)
       select 'Bench Committee ' || k, 'bench-committee-' || k || '-' || $1 || '@example.edu', 'committee'
         from generate_series(1, $2::int) k returning id`,
      [fx.tag, PEOPLE.committee],
    );
    const supervisors = await ids(
      `select supervisor_id as id from proposals where status = 'Pending'
        group by supervisor_id order by count(*) desc, supervisor_id limit $1`,
      [PEOPLE.supervisors],
    );
    const students = await ids(
      `select m.user_id as id from proposal_members m
        where m.active and m.position = 0 order by m.user_id limit $1`,
      [PEOPLE.students],
    );
    const [termId] = await ids(`select term_id as id from current_term`);
    const cells = await ids(`select id from research_cells order by title`);
    return {
      committee: await mintSessions(client, committee),
      supervisor: await mintSessions(client, supervisors),
      student: await mintSessions(client, students),
      termId,
      cells,
      titleWords: ["learning", "Energy", "campus nav", "graph", "sensor", "Explainable credit", "speech"],
    };
  } finally {
    await client.end();
  }
}

/** One read: alone, then at 10 connections with the processor time of both servers counted. */
async function measureRead(bed: Bed, client: pg.Client, paths: string[], cookie: string[]): Promise<ListRow> {
  const base = bed.appUrl;
  await load(base, paths, ALONE.warmup, { cookie, connections: 1 });
  const alone = await load(base, paths, ALONE.seconds, { cookie, connections: 1 });
  await load(base, paths, WARMUP_S, { cookie });
  const pids = await databasePids(client);
  const app = bed.server!.child.pid!;
  const before = { app: cpuSeconds([app]), db: cpuSeconds(pids) };
  const loaded = await load(base, paths, DURATION_S, { cookie });
  const per = (s: number) => Math.round(((s * 1000) / Math.max(1, loaded.requests)) * 100) / 100;
  return {
    name: "",
    alone,
    loaded,
    appCpuMs: per(cpuSeconds([app]) - before.app),
    dbCpuMs: per(cpuSeconds(pids) - before.db),
  };
}

export async function runListsBench(basePort: number): Promise<ListScaleFigures[]> {
  const out: ListScaleFigures[] = [];
  for (const scale of LIST_SCALES) {
    const bed = await createBed(scale.proposals, basePort);
    try {
      const started = performance.now();
      bed.fx = await prepare(bed.url, scale.proposals, 0, scale.students);
      const people = await listPeople(bed.url, bed.fx);
      const seedSeconds = Math.round((performance.now() - started) / 100) / 10;
      log(
        `lists: seeded ${n(scale.students)} students and ${n(scale.proposals)} proposals in ${seedSeconds} s`,
      );
      bed.server = await startApp(bed);
      const client = new pg.Client({ connectionString: bed.url });
      await client.connect();
      const figures: ListScaleFigures = {
        scale,
        fx: bed.fx,
        seedSeconds,
        rows: [],
        loadBefore: loadAverage(),
        loadAfter: [],
      };
      try {
        for (const read of LIST_READS) {
          const row = await measureRead(bed, client, read.paths(bed.fx, people), people[read.who]);
          row.name = read.name;
          alive(bed.server, "the app server");
          figures.rows.push(row);
          const { alone: a, loaded: l } = row;
          log(
            `${read.name}: alone p50 ${a.p50} ms; ${CONNECTIONS} connections ${l.rps.toFixed(0)} req/s p50 ${l.p50} p99 ${l.p99} ms, errors ${a.errors + l.errors}; CPU per request app ${row.appCpuMs} ms, database ${row.dbCpuMs} ms`,
          );
        }
      } finally {
        await client.end();
      }
      figures.loadAfter = loadAverage();
      out.push(figures);
    } finally {
      await dropBed(bed).catch((err) => log(`dropping ${bed.name}: ${err}`));
    }
  }
  return out;
}
