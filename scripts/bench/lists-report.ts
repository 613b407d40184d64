/** The "Lists" section of docs/performance.md, from `npm run bench -- --only lists`. */
import { CONNECTIONS, DURATION_S, n, WARMUP_S } from "./config";
import { LIST_TARGET_MS, type ListScaleFigures } from "./lists";
import { LIST_READS } from "./lists-reads";
import type { Figures } from "./load";

const ceilingText = (c: Figures) => `${c.rps.toFixed(0)} req/s, p50 ${c.p50} ms, p99 ${c.p99} ms`;

export function listsReport(all: ListScaleFigures[] | undefined): string[] {
  const L = ["## Lists", ""];
  if (!all?.length) return [...L, "Not run (the run stopped before it).", ""];
  L.push(
    `Every list the screens open, and the committee's dashboard (DESIGN.md §22: under ${LIST_TARGET_MS} ms at the 99th percentile with 10 people at once). ` +
      "Each database is seeded, served and measured alone, then dropped; two thirds of its proposals are Denied history, all in the current term. " +
      `Each request is the next person's in turn: the 40 supervisors with the most Pending proposals, 10 committee members, 20 students who created an active proposal. ` +
      `"Alone": one connection, one request after another. Then autocannon, ${CONNECTIONS} connections, ${WARMUP_S} s warm-up and ${DURATION_S} s measured; p50 and p99 are from every response's own time. ` +
      `"CPU per request": the processor time (user and system) of the app server's process, and of the database's processes serving its connections, over the ${DURATION_S} s, divided by the requests answered; ` +
      "on this machine's 2 cores, 10 connections queue behind the sum of both (and of the load generator's).",
    "",
  );
  for (const f of all) {
    const fx = f.fx;
    L.push(
      `### ${f.scale.label[0].toUpperCase()}${f.scale.label.slice(1)} database: ${n(f.scale.students)} students, ${n(f.scale.proposals)} proposals`,
      "",
      `${n(fx.supervisors)} supervisors, ${n(fx.cellCount)} research cells; seeded in ${f.seedSeconds} s. Load average (1, 5, 15 min) before the reads ${f.loadBefore.join(", ")}, after ${f.loadAfter.join(", ")}.`,
      "",
      `The one-query ceiling at ${CONNECTIONS} connections: ${ceilingText(f.ceilingBefore)} before the reads, ${f.ceilingAfter ? ceilingText(f.ceilingAfter) : "not measured"} after; "÷ ceiling" is a read's rate over their mean.`,
      "",
      "| list | alone p50 ms | req/s | ÷ ceiling | p50 ms | p99 ms | CPU per request, app / database ms | errors | under 30 ms p99 |",
      "|---|---:|---:|---:|---:|---:|---:|---:|---|",
    );
    const ceiling = (f.ceilingBefore.rps + (f.ceilingAfter ?? f.ceilingBefore).rps) / 2;
    for (const r of f.rows) {
      const errors = r.alone.errors + r.loaded.errors;
      const met = r.loaded.p99 < LIST_TARGET_MS && !errors;
      L.push(
        `| ${r.name} | ${r.alone.p50} | ${r.loaded.rps.toFixed(0)} | ${(r.loaded.rps / ceiling).toFixed(2)} | ${r.loaded.p50} | ${r.loaded.p99} | ${r.appCpuMs} / ${r.dbCpuMs} | ${errors} | ${met ? "yes" : "**no**"} |`,
      );
    }
    L.push("");
  }
  const count = LIST_READS.length * all.length;
  const met = all
    .flatMap((f) => f.rows)
    .filter((r) => r.loaded.p99 < LIST_TARGET_MS && !(r.alone.errors + r.loaded.errors)).length;
  L.push(`${met} of ${count} reads under ${LIST_TARGET_MS} ms at the 99th percentile without an error.`, "");
  return L;
}
