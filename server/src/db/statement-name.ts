import { createHash } from "node:crypto";

/** Statements worth preparing are shorter than this: query shapes of ours, not generated bulk SQL. */
export const PREPARED_TEXT_MAX = 8_000;

const names = new Map<string, string>();
/** Texts whose names are remembered; past that (never with our own statements) they are hashed each time. */
const MAX_NAMES = 1_000;

/**
 * The name a statement's text is prepared under, on PostgreSQL (PreparingClient) and on PGlite
 * (PreparingPglite): a hash of the text, so a query shape has the same name on every connection,
 * and a plain identifier, so `PREPARE` takes it too. Worked out once per text, as every query
 * asks for it.
 */
export function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `td_${createHash("sha1").update(text).digest("hex").slice(0, 24)}`;
    if (names.size < MAX_NAMES) names.set(text, name);
  }
  return name;
}
