import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import pg from "pg";
import type { LiveEvent } from "@shared/schemas/events";
import type { Database, Db } from "../db/client";

export const EVENTS_CHANNEL = "thesisdesk_events";

/** What travels through NOTIFY: the event and exactly who may receive it (decided by the service). */
interface Envelope {
  to: string[];
  event: LiveEvent;
}

/**
 * Queues a live event inside the caller's transaction. PostgreSQL delivers NOTIFY only when the
 * transaction commits, so nobody hears of a change that was rolled back; every instance
 * listening on the channel (several servers on one database) passes it to its own connections.
 */
export async function publish(db: Db, to: Iterable<string>, event: LiveEvent): Promise<void> {
  const recipients = [...new Set(to)];
  if (!recipients.length) return;
  const payload: Envelope = { to: recipients, event };
  await db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(payload)})`);
}

type Listener = (event: LiveEvent) => void;

/** This instance's side: who is connected here, and the LISTEN connection that feeds them. */
export class EventHub {
  private readonly byUser = new Map<string, Set<Listener>>();
  private stopListening: (() => Promise<void>) | null = null;
  private closed = false;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  subscribe(userId: string, listener: Listener): () => void {
    let set = this.byUser.get(userId);
    if (!set) {
      set = new Set();
      this.byUser.set(userId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.byUser.delete(userId);
    };
  }

  get connections(): number {
    let n = 0;
    for (const s of this.byUser.values()) n += s.size;
    return n;
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
      const unsubscribe = await pglite.listen(EVENTS_CHANNEL, (payload) => this.deliver(payload));
      this.stopListening = unsubscribe;
      return;
    }
    await this.listenPostgres();
  }

  private async listenPostgres(attempt = 0): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.database.url, connectionTimeoutMillis: 5_000 });
    const retry = () => {
      client.removeAllListeners();
      client.end().catch(() => {});
      if (this.closed) return;
      const delay = Math.min(30_000, 500 * 2 ** Math.min(attempt, 6));
      this.log.warn({ delay }, "live events: LISTEN connection lost; reconnecting");
      setTimeout(() => void this.listenPostgres(attempt + 1), delay).unref();
    };
    client.on("error", retry);
    client.on("notification", (msg) => {
      if (msg.channel === EVENTS_CHANNEL && msg.payload) this.deliver(msg.payload);
    });
    try {
      await client.connect();
      await client.query(`listen ${EVENTS_CHANNEL}`);
    } catch (err) {
      this.log.warn({ err }, "live events: cannot LISTEN yet");
      retry();
      return;
    }
    client.once("end", () => {
      if (!this.closed) retry();
    });
    if (attempt > 0) this.resyncAll();
    this.stopListening = async () => {
      client.removeAllListeners();
      await client.end().catch(() => {});
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const set of this.byUser.values()) for (const l of set) l({ type: "shutdown" });
    this.byUser.clear();
    await this.stopListening?.();
  }
}
