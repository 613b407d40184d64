/** Section 1, reads: every GET a signed-in person uses, on the large database and the small one. */
import { type Bed, startApp, startBaseline } from "./beds";
import { LARGE, log, SMALL } from "./config";
import { committeeSearchPaths, committeeTerms, type Fixture, pickerTerms, studentPagePaths } from "./fixture";
import { type Figures, measure } from "./load";
import { alive, stopProcess } from "./processes";

export type Who = "student" | "supervisor" | "committee";
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
export const READS: Read[] = [
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
    paths: studentPagePaths,
    rotation: () => "page 1, 2, … 50 in turn (pageSize 20, sorted by name)",
  },
  {
    name: "committee: student search, 20 terms",
    who: "committee",
    paths: committeeSearchPaths,
    rotation: (large, small) =>
      termList(committeeTerms, large, small, large?.committeeCounts, small?.committeeCounts),
  },
  {
    name: "committee: GET /api/users?role=supervisor",
    who: "committee",
    paths: () => ["/api/users?role=supervisor&pageSize=20"],
  },
];

export interface Row {
  name: string;
  large: Figures;
  small: Figures;
  /** The one-query ceiling (req/s) measured just before this read on the large database. */
  ceiling?: number;
}

export const fmt = (f: Figures) =>
  `${f.rps.toFixed(0).padStart(6)} req/s  p50 ${f.p50} ms  p99 ${f.p99} ms  errors ${f.errors}`;

/** Which of the read targets a row misses (empty: none). */
export function misses(r: Row): string[] {
  const out: string[] = [];
  if (r.ceiling && r.large.rps / r.ceiling < 0.4) out.push("÷ ceiling");
  if (r.large.p99 >= 30) out.push("p99");
  if (r.small.p50 > 0 && r.large.p50 / r.small.p50 > 1.3) out.push("growth");
  if (r.large.errors || r.small.errors) out.push("errors");
  return out;
}

/**
 * The ceilings, each in its own process beside the app (the large database's stays up and is
 * measured again just before each read), then every read on both databases at once. The app
 * servers start here; afterwards only the large database's app server is left running.
 */
export async function runReads(large: Bed, small: Bed, rows: Row[], ceilings: number[]) {
  const L = large.fx!;
  const S = small.fx!;
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
}
