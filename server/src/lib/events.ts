import type { PGlite } from "@electric-sql/pglite";
import type { LiveEvent } from "@shared/schemas/events";
import type { FastifyBaseLogger } from "fastify";
import pg from "pg";
import type { Database, Db } from "../db/client";
import { transaction } from "../db/query";
import { pgErrorCode } from "./errors";
import { AUTH_CHANNEL, EVENTS_CHANNEL, listenOnChannels, notifyEvents } from "./events.repository";

/** What travels through NOTIFY: the event and exactly who may receive it (decided by the service). */
interface Envelope {
  to: string[];
  event: LiveEvent;
}

/**
 * Tells every instance listening on the channel (several servers on one database) of a change
 * that has been committed; each passes it to its own connections. Called only after the commit,
 * never inside a transaction: NOTIFY inside a writing transaction would hold PostgreSQL's global
 * notify lock across that commit's WAL flush, serialising every such commit. The NOTIFY's own
 * one-statement transaction commits without waiting for the flush (`synchronous_commit` off for
 * it alone): a live hint needs no durability, and the lock is then held only for a moment. A
 * failure or a crash loses only the hint (clients refetch when they reconnect); the change
 * itself and its emails are committed already.
 */
export async function announce(db: Db, to: Iterable<string>, event: LiveEvent): Promise<void> {
  const recipients = [...new Set(to)];
  if (!recipients.length) return;
  const payload: Envelope = { to: recipients, event };
  try {
    await notifyEvents(db, JSON.stringify(payload));
  } catch {
    /* committed already; a lost live hint is caught up by the clients' refetch */
  }
}

/** PostgreSQL's deadlock_detected and serialization_failure: the whole transaction may simply run again. */
const RETRYABLE = new Set(["40P01", "40001"]);
const ATTEMPTS = 4;

/**
 * A transaction whose live events are announced once it has committed (never if it rolls back).
 * An outermost transaction that PostgreSQL ends as a deadlock's victim runs again from the start, up
 * to four times, after a short random pause: simultaneous changes that lock the same rows (the kept
 * totals of decision 0060, a supervisor's places) in different orders are told apart by PostgreSQL,
 * and the loser's work is redone as if it had come second. Everything it did (rows, emails in the
 * outbox, the events it meant to announce) was rolled back with it.
 */
export async function transactionWithEvents<T>(
  db: Db,
  fn: (tx: Db, emit: (to: Iterable<string>, event: LiveEvent) => void) => Promise<T>,
): Promise<T> {
  // Inside another transaction the deadlock ends the outer one too: only the outermost runs again.
  const outermost = !("rollback" in db);
  for (let attempt = 1; ; attempt++) {
    const pending: { to: Iterable<string>; event: LiveEvent }[] = [];
    let result: T;
    try {
      result = await transaction(db, (tx) => fn(tx, (to, event) => pending.push({ to, event })));
    } catch (err) {
      if (!outermost || attempt >= ATTEMPTS || !RETRYABLE.has(pgErrorCode(err) ?? "")) throw err;
      await new Promise((r) => setTimeout(r, 5 * attempt + Math.random() * 20));
      continue;
    }
    for (const { to, event } of pending) await announce(db, to, event);
    return result;
  }
}

type Listener = (event: LiveEvent) => void;
/** Receives auth changes; `null` means "anything may have changed" (the LISTEN connection was lost). */
type AuthListener = (change: { session?: string; user?: string } | null) => void;

/** A session holds at most this many live streams; a new one closes its oldest (DESIGN.md §13). */
export const STREAMS_PER_SESSION = 5;
/**
 * A person holds at most this many on one instance, whatever their sessions (DESIGN.md §21): a
 * phone and a laptop with a few tabs each. A new one past it closes their oldest, as above.
 */
export const STREAMS_PER_USER = 10;

/** This instance's side: who is connected here, and the LISTEN connection that feeds them. */
export class EventHub {
  private readonly byUser = new Map<string, Set<Listener>>();
  /** Each session's streams, oldest first. */
  private readonly bySession = new Map<string, Listener[]>();
  private streams = 0;
  private stopListening: (() => Promise<void>) | null = null;
  private closed = false;
  private readonly authListeners = new Set<AuthListener>();
  /** True while this instance is known to receive every notification. */
  listening = false;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    /** Streams this instance holds at most (EVENTS_MAX_STREAMS); past it a new one is refused. */
    private readonly maxStreams = 10_000,
  ) {}

  /**
   * A stream of `userId`'s events for one of their sessions; null when this instance holds as many
   * streams as it may. A stream past STREAMS_PER_SESSION, or past STREAMS_PER_USER, sends the
   * session's (or the person's) oldest `replaced` (the listener ends that stream, which
   * unsubscribes it), so a new tab always works. The answer unsubscribes, once.
   */
  subscribe(userId: string, sessionId: string, listener: Listener): (() => void) | null {
    if (this.streams >= this.maxStreams) return null;
    let set = this.byUser.get(userId);
    if (!set) {
      set = new Set();
      this.byUser.set(userId, set);
    }
    set.add(listener);
    const mine = this.bySession.get(sessionId) ?? [];
    this.bySession.set(sessionId, mine);
    mine.push(listener);
    this.streams++;
    let subscribed = true;
    const unsubscribe = () => {
      if (!subscribed) return;
      subscribed = false;
      this.streams--;
      set.delete(listener);
      // Only while they are still the ones in the map (a replaced stream may unsubscribe late).
      if (set.size === 0 && this.byUser.get(userId) === set) this.byUser.delete(userId);
      const at = mine.indexOf(listener);
      if (at >= 0) mine.splice(at, 1);
      if (mine.length === 0 && this.bySession.get(sessionId) === mine) this.bySession.delete(sessionId);
    };
    while (mine.length > STREAMS_PER_SESSION) {
      const oldest = mine.shift()!;
      set.delete(oldest);
      oldest({ type: "replaced" });
    }
    // A Set iterates in insertion order: its first is the person's oldest stream.
    while (set.size > STREAMS_PER_USER) {
      const oldest = set.values().next().value!;
      set.delete(oldest);
      oldest({ type: "replaced" });
    }
    return unsubscribe;
  }

  onAuthChange(listener: AuthListener): () => void {
    this.authListeners.add(listener);
    return () => this.authListeners.delete(listener);
  }

  private authChanged(payload: string) {
    const change = payload.startsWith("s:") ? { session: payload.slice(2) } : { user: payload.slice(2) };
    for (const l of this.authListeners) l(change);
  }

  private setListening(on: boolean) {
    this.listening = on;
    if (!on) for (const l of this.authListeners) l(null);
  }

  get connections(): number {
    return this.streams;
  }

  private deliver(raw: string) {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(raw) as Envelope;
    } catch {
      return;
    }
    for (const userId of envelope.to) {
      for (const listener of this.byUser.get(userId) ?? []) listener(envelope.event);
    }
  }

  /** Tells every connection here to refetch: used after the LISTEN connection was lost and came back. */
  private resyncAll() {
    for (const set of this.byUser.values()) for (const l of set) l({ type: "resync" });
  }

  async start(): Promise<void> {
    if (this.database.kind === "pglite") {
      const pglite = this.database.pglite as PGlite;
      const offEvents = await pglite.listen(EVENTS_CHANNEL, (payload) => this.deliver(payload));
      const offAuth = await pglite.listen(AUTH_CHANNEL, (payload) => this.authChanged(payload));
      this.setListening(true);
      this.stopListening = async () => {
        this.setListening(false);
        await offEvents();
        await offAuth();
      };
      return;
    }
    await this.listenPostgres();
  }

  private async listenPostgres(attempt = 0): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.database.url, connectionTimeoutMillis: 5_000 });
    const retry = () => {
      this.setListening(false);
      client.removeAllListeners();
      client.end().catch(() => {});
      if (this.closed) return;
      const delay = Math.min(30_000, 500 * 2 ** Math.min(attempt, 6));
      this.log.warn({ delay }, "live events: LISTEN connection lost; reconnecting");
      setTimeout(() => void this.listenPostgres(attempt + 1), delay).unref();
    };
    client.on("error", retry);
    client.on("notification", (msg) => {
      if (!msg.payload) return;
      if (msg.channel === EVENTS_CHANNEL) this.deliver(msg.payload);
      else if (msg.channel === AUTH_CHANNEL) this.authChanged(msg.payload);
    });
    try {
      await client.connect();
      await listenOnChannels(client);
    } catch (err) {
      this.log.warn({ err }, "live events: cannot LISTEN yet");
      retry();
      return;
    }
    client.once("end", () => {
      if (!this.closed) retry();
    });
    this.setListening(true);
    if (attempt > 0) this.resyncAll();
    this.stopListening = async () => {
      this.setListening(false);
      client.removeAllListeners();
      await client.end().catch(() => {});
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    // Each listener ends its stream, which unsubscribes it.
    for (const set of [...this.byUser.values()]) for (const l of [...set]) l({ type: "shutdown" });
    this.byUser.clear();
    this.bySession.clear();
    await this.stopListening?.();
  }
}
