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
 * npm run bench -- --only allocation: section 4 alone, on a database of its own, put in place the same way.
 * npm run bench -- --only lists: every list the screens open and the committee's dashboard, with
 * 10 people at once (DESIGN.md §22), on two databases of its own (scripts/bench/lists.ts), put in
 * place the same way. A full run keeps that section as the file has it.
 */
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { type AllocationFigures, runAllocationBench } from "./bench/allocation";
import { allocationReport } from "./bench/allocation-report";
import { type Bed, createBed, dropBed, serverVersion, startApp } from "./bench/beds";
import { runBurst } from "./bench/burst";
import {
  ALLOCATION,
  args,
  BURST,
  FANOUT_STUDENTS,
  LARGE,
  log,
  minutesSinceStart,
  n,
  ONLY,
  root,
  SMALL,
} from "./bench/config";
import { runFanout } from "./bench/fanout";
import { mintSessions, prepare } from "./bench/fixture";
import { type ListScaleFigures, runListsBench } from "./bench/lists";
import { listsReport } from "./bench/lists-report";
import { alive } from "./bench/processes";
import { runReads } from "./bench/reads";
import { keepAloneSections, type Results, report, spliceSection } from "./bench/report";
import { HEALTH_TARGET_MS, runUploadsBench, uploadsReport } from "./bench/uploads";

/** What the run measured so far: the report is written from it, whole or in part. */
const results: Results = { pgVersion: "", fixtures: {}, rows: [], ceilings: [] };
let lists: ListScaleFigures[] | undefined;

async function runUploads(bed: Bed, client: pg.Client) {
  log("hostile uploads: ten at once, GET /api/health meanwhile");
  const uploads = await runUploadsBench({
    base: new URL(bed.appUrl),
    client,
    serverPid: bed.server!.child.pid!,
    mint: (ids) => mintSessions(client, ids),
  });
  results.uploads = uploads;
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

/**
 * A --only section's run: a database of its own (migrated by the server, no seeding), the app
 * started on it and a client connected to it; dropped afterwards.
 */
async function onOwnBed(run: (bed: Bed, client: pg.Client) => Promise<void>) {
  const port = 3900 + Math.floor(Math.random() * 40) * 2;
  const bed = await createBed(0, port);
  try {
    results.pgVersion = await serverVersion();
    bed.server = await startApp(bed);
    const client = new pg.Client({ connectionString: bed.url });
    await client.connect();
    try {
      await run(bed, client);
    } finally {
      await client.end();
    }
  } finally {
    await dropBed(bed).catch((err) => log(`dropping ${bed.name}: ${err}`));
  }
}

/** --only uploads: a database of its own, no seeding. */
const runOnlyUploads = () => onOwnBed(runUploads);

function logAllocation(a: AllocationFigures) {
  log(
    `    matching alone p50 ${a.match.p50} ms (max ${a.match.max}), ${a.match.matched} matched; API run p50 ${a.api.p50} ms (max ${a.api.max}), statuses ${a.api.status.join(",")}; seeded in ${a.seedSeconds} s`,
  );
  log(
    `    scenario run p50 ${a.scenario.p50} ms (max ${a.scenario.max}), statuses ${a.scenario.status.join(",")}, ${a.scenario.changes} groups change; copy ${a.scenario.copyMs} ms`,
  );
  log(
    `    draft read p50 ${a.read.p50} ms (max ${a.read.max}), statuses ${a.read.status.join(",")}; publication ${a.publish.ms} ms (${a.publish.status}, ${a.publish.placed} placed)`,
  );
}

/** --only allocation: a database of its own with a committee member and a research cell, then section 4. */
function runOnlyAllocation() {
  return onOwnBed(async (bed, client) => {
    const one = async (text: string) => (await client.query<{ id: string }>(text)).rows[0].id;
    const committee = await one(
      `insert into users (name, email, role) values ('Bench Committee', 'bench-committee@example.edu', 'committee') returning id`,
    );
    const cellId = await one(
      `insert into research_cells (title, description) values ('Bench cell', 'The allocation bench.') returning id`,
    );
    const [cookie] = await mintSessions(client, [committee]);
    log(
      `allocation: ${n(ALLOCATION.groups)} groups over ${n(ALLOCATION.topics)} topics of ${n(ALLOCATION.supervisors)} supervisors`,
    );
    results.allocation = await runAllocationBench({
      base: new URL(bed.appUrl),
      client,
      shape: ALLOCATION,
      cookie,
      cellId,
      runs: 5,
    });
    alive(bed.server, "the app server");
    logAllocation(results.allocation);
  });
}

/** --only lists: databases of its own, seeded and measured one after the other (lists.ts). */
async function runOnlyLists() {
  results.pgVersion = await serverVersion();
  lists = await runListsBench(3900 + Math.floor(Math.random() * 40) * 2);
}

async function run() {
  const port = 3900 + Math.floor(Math.random() * 40) * 2;
  const beds: Bed[] = [];
  try {
    results.pgVersion = await serverVersion();

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
    results.fixtures.large = L;
    results.fixtures.small = small.fx;

    // 1. Reads (the rest runs on the large database alone).
    await runReads(large, small, results.rows, results.ceilings);

    const client = new pg.Client({ connectionString: large.url });
    await client.connect();
    try {
      // 2. Deadline burst.
      log(
        `deadline burst: ${BURST.count} submissions over ${BURST.seconds} s to ${L.burstSupervisors.length} supervisors`,
      );
      const burst = await runBurst({
        base: new URL(large.appUrl),
        client,
        cookies: L.submitters,
        supervisors: L.burstSupervisors,
        count: BURST.count,
        seconds: BURST.seconds,
        tag: randomBytes(3).toString("hex"),
      });
      results.burst = burst;
      alive(large.server, "the app server");
      log(
        `    sent ${burst.sent} (${burst.sendRate}/s), 201: ${burst.created}, statuses ${JSON.stringify(burst.byStatus)}, p50 ${burst.latency.p50} ms, p99 ${burst.latency.p99} ms, max ${burst.latency.max} ms`,
      );
      for (const inv of burst.invariants)
        log(`    ${inv.pass ? "pass" : "FAIL"}  ${inv.name} (${inv.detail})`);

      // 3. Live fan-out.
      log(`live fan-out: about ${FANOUT_STUDENTS} students connected`);
      const fanout = await runFanout({
        base: new URL(large.appUrl),
        client,
        serverPid: large.server!.child.pid!,
        students: FANOUT_STUDENTS,
        mint: (ids) => mintSessions(client, ids),
        tag: randomBytes(3).toString("hex"),
      });
      results.fanout = fanout;
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
      const allocation = await runAllocationBench({
        base: new URL(large.appUrl),
        client,
        shape: ALLOCATION,
        cookie: L.committee,
        cellId: L.burstSupervisors[0].researchCellId,
        runs: 5,
      });
      results.allocation = allocation;
      alive(large.server, "the app server");
      logAllocation(allocation);

      // 5. Hostile uploads.
      await runUploads(large, client);
    } finally {
      await client.end();
    }
  } finally {
    for (const bed of beds) await dropBed(bed).catch((err) => log(`dropping ${bed.name}: ${err}`));
  }
}

let failed: unknown;
try {
  await (ONLY === "uploads"
    ? runOnlyUploads()
    : ONLY === "lists"
      ? runOnlyLists()
      : ONLY === "allocation"
        ? runOnlyAllocation()
        : run());
} catch (err) {
  failed = err;
}
const out = args.out ?? path.join(root, "docs/performance.md");
if (ONLY) {
  const section =
    ONLY === "lists"
      ? listsReport(lists)
      : ONLY === "allocation"
        ? allocationReport(results.allocation)
        : uploadsReport(results.uploads);
  console.log(`\n${section.join("\n")}`);
  if (!failed) spliceSection(out, section, results.pgVersion, ONLY);
} else {
  const text = keepAloneSections(out, report(results), [listsReport(undefined)[0]]);
  console.log(`\n${text}`);
  // A run that stopped part-way leaves the last full report in place.
  if (!failed) writeFileSync(out, `${text}\n`);
}
log(`done in ${minutesSinceStart()} min`);
if (failed) {
  console.error(failed);
  process.exitCode = 1;
}
