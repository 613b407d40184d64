/** docs/performance.md: the whole report of a full run, or one section put in place (--only). */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import type { AllocationFigures } from "./allocation";
import { allocationReport } from "./allocation-report";
import type { BurstFigures } from "./burst";
import { BURST, CONNECTIONS, DURATION_S, FANOUT_STUDENTS, LARGE, n, QUICK, SMALL, WARMUP_S } from "./config";
import type { FanoutFigures } from "./fanout";
import type { Fixture } from "./fixture";
import { misses, READS, type Row } from "./reads";
import { HEALTH_TARGET_MS, type UploadsFigures, uploadsReport } from "./uploads";

/** What a run measured, section by section (a section the run did not reach is undefined). */
export interface Results {
  pgVersion: string;
  fixtures: { large?: Fixture; small?: Fixture };
  rows: Row[];
  ceilings: number[];
  burst?: BurstFigures;
  fanout?: FanoutFigures;
  allocation?: AllocationFigures;
  uploads?: UploadsFigures;
}

const size = (fx: Fixture | undefined, proposals: number) =>
  fx
    ? `${n(proposals)} proposals (${n(fx.students)} students, ${n(fx.supervisors)} supervisors, ${n(fx.cellCount)} research cells)`
    : `${n(proposals)} proposals`;

export function report(results: Results): string {
  const { pgVersion, fixtures, rows, ceilings, burst, fanout, allocation, uploads } = results;
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

  L.push(...allocationReport(allocation));

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
export function spliceSection(file: string, section: string[], pgVersion: string, only: string) {
  const heading = section[0];
  const old = existsSync(file) ? readFileSync(file, "utf8") : "# Performance\n";
  const lines = old.replace(/\n$/, "").split("\n");
  const start = lines.indexOf(heading);
  const dated = [
    ...section.slice(0, 2),
    `Measured alone (\`npm run bench -- --only ${only}\`) on ${new Date().toISOString().slice(0, 10)}, PostgreSQL ${pgVersion}, on ${only === "lists" ? "databases" : "a database"} of its own.`,
    "",
    ...section.slice(2),
  ];
  if (start >= 0) {
    lines.splice(start, sectionEnd(lines, start) - start, ...dated);
  } else {
    const reading = lines.indexOf("## Reading these figures");
    lines.splice(reading >= 0 ? reading : lines.length, 0, ...dated);
  }
  writeFileSync(file, `${lines.join("\n")}\n`);
}

/** Where the section that starts at line `start` ends: the next "## " heading, or the end. */
function sectionEnd(lines: string[], start: number) {
  const end = lines.findIndex((l, i) => i > start && l.startsWith("## "));
  return end < 0 ? lines.length : end;
}

/**
 * A full run's report with the sections it does not measure (run alone, `--only`) kept as the
 * file has them, before "Reading these figures".
 */
export function keepAloneSections(file: string, text: string, headings: string[]): string {
  if (!existsSync(file)) return text;
  const old = readFileSync(file, "utf8").split("\n");
  const lines = text.split("\n");
  for (const heading of headings) {
    if (lines.includes(heading)) continue;
    const start = old.indexOf(heading);
    if (start < 0) continue;
    const reading = lines.indexOf("## Reading these figures");
    lines.splice(reading >= 0 ? reading : lines.length, 0, ...old.slice(start, sectionEnd(old, start)));
  }
  return lines.join("\n");
}
