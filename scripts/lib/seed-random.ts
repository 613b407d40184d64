import { mulberry32 } from "../../server/src/lib/mulberry32";

/** Deterministic pseudo-random numbers, so a seed with the same options makes the same data. */
export function rng(seed = 42) {
  const next = mulberry32(seed);
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)],
    shuffle: <T>(xs: T[]): T[] => {
      for (let i = xs.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [xs[i], xs[j]] = [xs[j], xs[i]];
      }
      return xs;
    },
  };
}
export type Rng = ReturnType<typeof rng>;
