import type { Role } from "@shared/enums";
import type { LiveEvent } from "@shared/schemas/events";
import type { FastifyRequest } from "fastify";
import type { Config } from "../config";
import type { Db } from "../db/client";
import type { SessionUser } from "../plugins/auth";
import { requireUser } from "../plugins/session";
import { announce, transactionWithEvents } from "./events";

/** The one acting: a signed-in person, or null for the scheduler. */
export type Actor = { id: string; name: string; role: Role } | null;

export type Emit = (to: Iterable<string>, event: LiveEvent) => void;

/**
 * What every change carries (decision 0044): who makes it, the time (the app's clock, so tests
 * move it), where it is made (the database, or inside a command its transaction), what to tell
 * (live events, announced once that transaction commits), and the settings the words of its emails
 * and messages need. One shape for a route's request and for the scheduler's deadline work.
 */
export interface RequestContext<By extends Actor = Actor> extends Settings {
  by: By;
  now: Date;
  db: Db;
  emit: Emit;
}

/** The settings the words of emails and messages need: the address links point to, the department's zone. */
export type Settings = Pick<Config, "publicUrl" | "timeZone">;

/** A signed-in person's request (401 when signed out): the context every route that changes something builds. */
export function contextOf(request: FastifyRequest): RequestContext<SessionUser> {
  const app = request.server;
  return {
    by: requireUser(request),
    now: app.now(),
    db: app.db,
    // Outside a transaction nothing waits for a commit: an event goes out at once.
    emit: (to, event) => void announce(app.db, to, event),
    publicUrl: app.config.publicUrl,
    timeZone: app.config.timeZone,
  };
}

/** The scheduler's context for one run of a job: nobody acts, inside the job's transaction. */
export const schedulerContext = (
  settings: Settings,
  tx: Db,
  now: Date,
  emit: Emit,
): RequestContext<null> => ({
  by: null,
  now,
  db: tx,
  emit,
  publicUrl: settings.publicUrl,
  timeZone: settings.timeZone,
});

/**
 * Runs `fn` in one transaction with the context moved into it: its `db` is the transaction, and
 * what it emits is announced once the transaction commits (never if it rolls back).
 */
export function inTransaction<By extends Actor, T>(
  ctx: RequestContext<By>,
  fn: (c: RequestContext<By>) => Promise<T>,
): Promise<T> {
  return transactionWithEvents(ctx.db, (tx, emit) => fn({ ...ctx, db: tx, emit }));
}

/** The activity log's "who and when" of a change made in this context. */
export const changeOf = (ctx: RequestContext) => ({ actorId: ctx.by?.id ?? null, at: ctx.now });
