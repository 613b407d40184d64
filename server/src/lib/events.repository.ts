import { sql } from "drizzle-orm";
import type pg from "pg";
import type { Db } from "../db/client";

export const EVENTS_CHANNEL = "thesisdesk_events";
/** Fed by database triggers (migration 0001): `s:<session token>` or `u:<user id>`. */
export const AUTH_CHANNEL = "thesisdesk_auth";

/**
 * Sends `payload` on the events channel in a one-statement transaction that commits without
 * waiting for the WAL flush (`synchronous_commit` off for it alone): a live hint needs no
 * durability (lib/events.ts says why it is sent only after the change's commit).
 */
export async function notifyEvents(db: Db, payload: string) {
  await db.execute(
    sql`select set_config('synchronous_commit', 'off', true), pg_notify(${EVENTS_CHANNEL}, ${payload})`,
  );
}

/** Subscribes the hub's own PostgreSQL connection to both channels. */
export async function listenOnChannels(client: pg.Client) {
  await client.query(`listen ${EVENTS_CHANNEL}; listen ${AUTH_CHANNEL}`);
}
