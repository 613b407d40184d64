import type { SessionUser } from "./auth";

interface Entry {
  /** The session's token, as better-auth answered it: what the database announces a change by. */
  token: string;
  user: SessionUser;
  sessionId: string;
  expiresAt: number;
  cachedUntil: number;
}

/**
 * Signed-in sessions that this instance checked recently, so a request costs no extra query.
 * Each is kept under the session cookie's value exactly as the browser sent it, and better-auth
 * was asked about that value alone: the cache never reads the cookie's format. Safe because the
 * database announces every session or user change (triggers → NOTIFY) and the entry is dropped
 * on every instance; if announcements may have been missed, everything is dropped and the cache
 * stays off until they flow again.
 */
export class SessionCache {
  private readonly byCookie = new Map<string, Entry>();
  private generation = 0;

  constructor(
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 20_000,
  ) {}

  /** Read the generation before asking the database; `set` refuses if anything changed since. */
  get currentGeneration() {
    return this.generation;
  }

  get(cookie: string): Entry | undefined {
    const e = this.byCookie.get(cookie);
    if (!e) return undefined;
    const now = Date.now();
    if (e.cachedUntil < now || e.expiresAt < now) {
      this.byCookie.delete(cookie);
      return undefined;
    }
    return e;
  }

  set(cookie: string, entry: Omit<Entry, "cachedUntil">, generation: number) {
    if (generation !== this.generation) return;
    if (this.byCookie.size >= this.maxEntries) {
      const oldest = this.byCookie.keys().next().value;
      if (oldest !== undefined) this.byCookie.delete(oldest);
    }
    this.byCookie.set(cookie, { ...entry, cachedUntil: Math.min(entry.expiresAt, Date.now() + this.ttlMs) });
  }

  /** A session ended (by its token), a user changed, or (null) anything may have. */
  invalidate(change: { session?: string; user?: string } | null) {
    this.generation++;
    if (!change) return this.byCookie.clear();
    for (const [k, e] of this.byCookie)
      if (e.token === change.session || e.user.id === change.user) this.byCookie.delete(k);
  }

  get size() {
    return this.byCookie.size;
  }
}
