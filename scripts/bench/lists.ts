/**
 * `npm run bench -- --only lists` (DESIGN.md §22, issue 30 item 17): every list the screens open,
 * and the committee's dashboard, with 10 connections on PostgreSQL, each request as the next of
 * several people (40 supervisors, 10 committee members, 20 students in turn). Two databases of
 * their own, one after the other, each dropped after: the issue's (20,000 students, 10,000
 * proposals) and the bench's (50,000 of each). For each read: its time alone (one connection),
 * p50 and p99 at 10 connections, and the processor time it costs, the app server's and the
 * database's (its connections' processes), per request; and the one-query ceiling (one
 * primary-key SELECT behind Fastify, scripts/bench/baseline.ts) at 10 connections, before and after
 * the reads, for what this machine gives at that moment.
 */
import os from "node:os";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { type Bed, createBed, dropBed, startApp, startBaseline } from "./beds";
import { CONNECTIONS, DURATION_S, log, n, QUICK, WARMUP_S } from "./config";
import { cpuSeconds, databasePids } from "./cpu";
import { type Fixture, prepare } from "./fixture";
import { LIST_READS, listPeople } from "./lists-reads";
import { type Figures, load, measure } from "./load";
import { alive, stopProcess } from "./processes";

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
const ALONE = { warmup: 1, seconds: QUICK ? 2 : 4 };

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
  /** The one-query ceiling at 10 connections, just before and just after the reads. */
  ceilingBefore: Figures;
  ceilingAfter?: Figures;
}

const loadAverage = () => os.loadavg().map((x) => Math.round(x * 100) / 100);

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
      bed.baseline = await startBaseline(bed);
      const ceiling = () => measure(`http://127.0.0.1:${bed.basePort}`, ["/pk"]);
      const client = new pg.Client({ connectionString: bed.url });
      await client.connect();
      const figures: ListScaleFigures = {
        scale,
        fx: bed.fx,
        seedSeconds,
        rows: [],
        loadBefore: loadAverage(),
        loadAfter: [],
        ceilingBefore: await ceiling(),
      };
      log(
        `one-query ceiling: ${figures.ceilingBefore.rps.toFixed(0)} req/s, p99 ${figures.ceilingBefore.p99} ms`,
      );
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
        figures.ceilingAfter = await ceiling();
      } finally {
        await client.end();
        await stopProcess(bed.baseline);
        bed.baseline = undefined;
      }
      figures.loadAfter = loadAverage();
      out.push(figures);
    } finally {
      await dropBed(bed).catch((err) => log(`dropping ${bed.name}: ${err}`));
    }
  }
  return out;
}
