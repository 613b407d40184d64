/**
 * The lot that orders the groups a supervisor left unranked (DESIGN.md §11): a shuffle driven by
 * a seed that is stored with the draft and shown to the committee, so that any run can be
 * reproduced. FNV-1a turns the seed and the supervisor's id into 32 bits; mulberry32 draws from them.
 */
import { mulberry32 } from "../../lib/mulberry32";

function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A new seed: 16 hex digits. */
export function newSeed(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * `items` in the order the lot gives them for this seed and this draw (a supervisor's id): the same
 * seed, draw and items (in any order) always give the same order.
 */
export function drawLots<T extends string>(items: readonly T[], seed: string, draw: string): T[] {
  const out = [...items].sort();
  const random = mulberry32(fnv1a(`${seed}:${draw}`));
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
