import type { JsonText } from "./json-text";

interface Entry<T> {
  version: string;
  body: JsonText<T>;
}

/**
 * Answers this instance sent, as JSON text, each under the version of the data it was read from:
 * a version the database keeps and changes in the same transaction as every change to that data
 * (people_version, migration 0008; proposal_list_versions, migration 0009). An answer is only ever
 * reused for a request that read that same version from the database, so it is exactly what the
 * query would give: nothing is served stale, on this instance or after a change made through
 * another.
 *
 * Least recently used answers go first; the total length of the kept text is bounded.
 */
export class KeptAnswers<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private chars = 0;

  constructor(
    private readonly maxChars = 8_000_000,
    private readonly maxEntries = 2_000,
  ) {}

  has(key: string): boolean {
    return this.entries.has(key);
  }

  get(key: string, version: string): JsonText<T> | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.version !== version) {
      this.chars -= entry.body.length;
      return undefined;
    }
    this.entries.set(key, entry);
    return entry.body;
  }

  set(key: string, version: string, body: JsonText<T>) {
    if (body.length > this.maxChars || this.maxChars === 0) return;
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.chars -= old.body.length;
    }
    this.entries.set(key, { version, body });
    this.chars += body.length;
    for (const [oldest, entry] of this.entries) {
      if (this.chars <= this.maxChars && this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
      this.chars -= entry.body.length;
    }
  }

  get size() {
    return this.entries.size;
  }

  get totalChars() {
    return this.chars;
  }
}
