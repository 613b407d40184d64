/** Small numeric helpers shared by the benchmark's scenarios. */

/** Rounds to a hundredth (latencies are reported to 0.01 ms). */
export const round2 = (x: number) => Math.round(x * 100) / 100;

/** The p-th fraction (0–1) of an ascending list, to a hundredth; 0 for an empty list. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (!sorted.length) return 0;
  return round2(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]);
}

/** The values as an ascending Float64Array (numeric sort, unlike Array#sort's default). */
export const ascending = (xs: Iterable<number>) => Float64Array.from(xs).sort();

export interface Spread {
  n: number;
  p50: number;
  p99: number;
  max: number;
}

export function spread(xs: Iterable<number>): Spread {
  const s = ascending(xs);
  return {
    n: s.length,
    p50: percentile(s, 0.5),
    p99: percentile(s, 0.99),
    max: s.length ? round2(s[s.length - 1]) : 0,
  };
}

/** Counts of each key, sorted by key (for status codes). */
export function tally(keys: Iterable<string>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const k of keys) out[k] = (out[k] ?? 0) + 1;
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}
