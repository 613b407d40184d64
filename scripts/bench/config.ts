/** The benchmark's options and sizes (`npm run bench -- --quick`, `--out`, `--profile`, `--only uploads|lists`). */
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";

export const { values: args } = parseArgs({
  options: {
    quick: { type: "boolean" },
    out: { type: "string" },
    // Writes a V8 CPU profile of each app server run (open it in Chrome DevTools) to this folder.
    profile: { type: "string" },
    // Runs one section alone: "uploads", "lists" or "allocation".
    only: { type: "string" },
  },
});
/** The sections that run alone, on a database of their own (`--only NAME`). */
export const ALONE_SECTIONS = ["uploads", "lists", "allocation"] as const;
export type AloneSection = (typeof ALONE_SECTIONS)[number];
const isAloneSection = (s: string): s is AloneSection => (ALONE_SECTIONS as readonly string[]).includes(s);
if (args.only !== undefined && !isAloneSection(args.only))
  throw new Error(`--only: unknown section "${args.only}" (${ALONE_SECTIONS.join(", ")})`);
export const ONLY = args.only as AloneSection | undefined;
export const QUICK = !!args.quick;
export const PG_SERVER = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
export const SECRET = "bench-session-secret-bench-session-secret-01";
export const CONNECTIONS = 10;
export const WARMUP_S = QUICK ? 1 : 3;
export const DURATION_S = QUICK ? 3 : 10;
export const LARGE = QUICK ? 10_000 : 50_000;
export const SMALL = 1_000;
export const BURST = QUICK ? { count: 500, seconds: 10 } : { count: 5_000, seconds: 60 };
export const BURST_SUPERVISORS = 200;
export const FANOUT_STUDENTS = QUICK ? 200 : 2_000;
export const ALLOCATION = QUICK
  ? { groups: 1_000, topics: 200, supervisors: 50, preferences: 5 }
  : { groups: 10_000, topics: 2_000, supervisors: 500, preferences: 5 };
export const root = path.resolve(import.meta.dirname, "../..");
const began = performance.now();

/** A line of progress, with the minutes and seconds since the start. */
export const log = (line: string) => {
  const s = Math.floor((performance.now() - began) / 1000);
  console.log(`[${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}] ${line}`);
};

/** The minutes since the start, for the last line. */
export const minutesSinceStart = () => ((performance.now() - began) / 60_000).toFixed(1);

/** A count as the report writes it: 50,000. */
export const n = (x: number) => x.toLocaleString("en");
