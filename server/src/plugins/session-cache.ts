import type { SessionUser } from "./auth";

interface Entry {
  signed: string;
  user: SessionUser;
  sessionId: string;
  expiresAt: number;
  cachedUntil: number;
}

/**
 * Signed-in sessions that this instance checked recently, so a request costs no extra query.
 * Safe because the database announces every session or user change (triggers → NOTIFY) and
 * the entry is dropped on every instance; if announcements may have been missed, everything
 * is dropped and the cache stays off until they flow again.
 */
export class SessionCache {
  private readonly byToken = new Map<string, Entry>();
  private generation = 0;

  constructor(
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 20_000,
  ) {}

  /** Read the generation before asking the database; `set` refuses if anything changed since. */
  get currentGeneration() {
    return this.generation;
  }

  get(token: string, signed: string): Entry | undefined {
    const e = this.byToken.get(token);
    if (!e) return undefined;
    const now = Date.now();
    if (e.signed !== signed || e.cachedUntil < now || e.expiresAt < now) {
      this.byToken.delete(token);
      return undefined;
    }
    return e;
  }

  set(token: string, entry: Omit<Entry, "cachedUntil">, generation: number) {
    if (generation !== this.generation) return;
    if (this.byToken.size >= this.maxEntries) {
      const oldest = this.byToken.keys().next().value;
      if (oldest !== undefined) this.byToken.delete(oldest);
    }
    this.byToken.set(token, { ...entry, cachedUntil: Math.min(entry.expiresAt, Date.now() + this.ttlMs) });
  }

  /** A session ended, a user changed, or (null) anything may have. */
  invalidate(change: { session?: string; user?: string } | null) {
    this.generation++;
    if (!change) return this.byToken.clear();
    if (change.session) this.byToken.delete(change.session);
    if (change.user) for (const [k, e] of this.byToken) if (e.user.id === change.user) this.byToken.delete(k);
  }

  get size() {
    return this.byToken.size;
  }
}
