import { type SQL, sql } from "drizzle-orm";

/**
 * Which of a person's words a search may match (users.search_words, migration 0012): the name's
 * words are weighted A, the student ID (one word, without its punctuation) B, the email's words C.
 * The group-member picker never matches emails.
 */
export type SearchScope = "any" | "nameOrStudentId";
const WEIGHTS: Record<SearchScope, string> = { any: "", nameOrStudentId: "AB" };

/** A word: letters (with their accents) and digits; anything else separates words. */
const NOT_WORD = /[^\p{L}\p{M}\p{N}]+/u;

/**
 * People search as a text search query (DESIGN.md §14): each word typed is the start of one of
 * the person's words, or everything typed, run together, is the start of their student ID
 * ("2021-cs" finds "2021-CS-045"). Case and accents are the database's to fold (the
 * thesisdesk_search configuration), so "Ana" finds "Ána María" and "Dana-Ana". Null when `q` has
 * no word at all: such a search matches nobody. Words carry no operators or quotes, so nothing
 * typed is read as query syntax.
 */
export function searchQuery(q: string, scope: SearchScope): string | null {
  // An email's domain is not searched (everyone shares it): a typed address is its words before the @.
  const at = q.lastIndexOf("@");
  const words = (at < 0 ? q : q.slice(0, at)).normalize("NFC").split(NOT_WORD).filter(Boolean);
  if (!words.length) return null;
  const weights = WEIGHTS[scope];
  const each = words.map((w) => `'${w}':*${weights}`).join(" & ");
  return words.length > 1 ? `(${each}) | '${words.join("")}':*B` : each;
}

/** `search_words` of the table aliased `alias` matches the search, or false for a search of no words. */
export function matchesSearch(alias: string, q: string, scope: SearchScope): SQL {
  const query = searchQuery(q, scope);
  if (query === null) return sql`false`;
  return sql`${sql.raw(alias)}.search_words @@ to_tsquery('thesisdesk_search', ${query})`;
}

/**
 * Text search over words (the archive's titles and abstracts, DESIGN.md §19): each word typed is
 * the start of one of the text's words. Null when `q` has no word (such a search matches nothing).
 */
export function wordsQuery(q: string): string | null {
  const words = q.normalize("NFC").split(NOT_WORD).filter(Boolean);
  return words.length ? words.map((w) => `'${w}':*`).join(" & ") : null;
}
