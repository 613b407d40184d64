import type { LiveEvent } from "@shared/schemas/events";
import { utcToWall, wallToUtc } from "@shared/time";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client";
import { transactionWithEvents } from "./events";
import { holdDueJob, insertJob, markJobFailed, markJobRun, selectDueJobs } from "./scheduler.repository";

/**
 * Work that runs once across all instances: when it is due, one instance runs it inside a
 * transaction that also moves its next run (the job's row is held FOR UPDATE SKIP LOCKED, so
 * another instance passes over it). A crash rolls both back and the job runs again; a run missed
 * while every instance was down is due at once when one starts (it catches up, once).
 */
export interface ScheduledJob {
  name: string;
  /** The first time it is due after `now` (the next run is set from the time of this one). */
  next(now: Date): Date;
  /** The work, in the job's transaction; live events it emits are announced once that commits. */
  run(tx: Db, now: Date, emit: (to: Iterable<string>, event: LiveEvent) => void): Promise<void>;
}

/**
 * Work every instance runs on its own every `everyMs`: the outbox, whose rows are leased one by
 * one; PGlite's statistics, which are the instance's own.
 */
export interface RepeatingWork {
  name: string;
  everyMs: number;
  /** Also once when the scheduler starts, before the app is ready (its first pass, awaited). */
  atStart?: boolean;
  /** Returns whether more is waiting (then it runs again at once). */
  run(): Promise<boolean>;
}

/** How often an instance looks for scheduled jobs that are due. */
const DUE_CHECK_MS = 15_000;
/** A failed job is tried again after this long. */
const RETRY_MS = 60_000;

/** Every `minutes` minutes, on the clock's whole minutes. */
export const everyMinutes = (minutes: number) => (now: Date) =>
  new Date((Math.floor(now.getTime() / (minutes * 60_000)) + 1) * minutes * 60_000);

/** A daily digest's settings: the links' base, the department's zone, and the hour there it is sent. */
export interface DigestOptions {
  publicUrl: string;
  timeZone: string;
  hour: number;
}

/** Daily when the clock of `zone` (the department's TIME_ZONE) shows `hour`:00, whatever its offset that day. */
export const dailyAt = (hour: number, zone: string) => (now: Date) => {
  const today = utcToWall(now.toISOString(), zone).slice(0, 10);
  for (let days = 0; days < 3; days++) {
    const d = new Date(`${today}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + days);
    const at = new Date(
      wallToUtc(`${d.toISOString().slice(0, 10)}T${String(hour).padStart(2, "0")}:00`, zone)!,
    );
    if (at > now) return at;
  }
  throw new Error("no next daily time");
};

export class Scheduler {
  private readonly jobs: ScheduledJob[] = [];
  private readonly work: RepeatingWork[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = true;
  private running = new Set<Promise<unknown>>();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date,
    /** The jobs run only when runDue() is called (tests that move the clock): no timer takes one first. */
    private readonly manualJobs = false,
  ) {}

  schedule(job: ScheduledJob) {
    this.jobs.push(job);
  }

  repeat(work: RepeatingWork) {
    this.work.push(work);
  }

  /** Registers the jobs (a job new to the database is first due at its next time) and starts the timers. */
  async start() {
    await this.register();
    for (const w of this.work.filter((w) => w.atStart))
      await w.run().catch((err: unknown) => this.log.warn({ err }, `${w.name}: pass failed`));
    this.stopped = false;
    for (const w of this.work) this.loop(w.name, () => w.run(), w.everyMs, w.atStart ? w.everyMs : 50);
    if (this.jobs.length && !this.manualJobs)
      this.loop(
        "scheduled jobs",
        async () => {
          await this.runDue();
          return false;
        },
        DUE_CHECK_MS,
        1_000,
      );
  }

  async stop() {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    await Promise.allSettled([...this.running]);
  }

  async register() {
    const now = this.now();
    for (const job of this.jobs) await insertJob(this.db, job.name, job.next(now));
  }

  /** One pass: runs each job that is due and that no other instance is running. Returns the names run. */
  async runDue(): Promise<string[]> {
    const now = this.now();
    const due = await selectDueJobs(this.db, now);
    const ran: string[] = [];
    for (const { name } of due) {
      const job = this.jobs.find((j) => j.name === name);
      if (job && (await this.runOnce(job, now))) ran.push(name);
    }
    return ran;
  }

  private async runOnce(job: ScheduledJob, now: Date): Promise<boolean> {
    try {
      return await transactionWithEvents(this.db, async (tx, emit) => {
        if (!(await holdDueJob(tx, job.name, now))) return false;
        await job.run(tx, now, emit);
        await markJobRun(tx, job.name, now, job.next(now));
        return true;
      });
    } catch (err) {
      this.log.error({ err, job: job.name }, "scheduler: job failed; it will be tried again");
      const error = String((err as Error).message ?? err).slice(0, 500);
      await markJobFailed(this.db, job.name, error, new Date(now.getTime() + RETRY_MS)).catch(() => {});
      return false;
    }
  }

  /** Runs `fn` every `everyMs` (at once again while it says more is waiting), never twice at a time. */
  private loop(name: string, fn: () => Promise<boolean>, everyMs: number, firstMs: number) {
    const tick = async () => {
      if (this.stopped) return;
      let more = false;
      const run = fn().then(
        (m) => {
          more = m;
        },
        (err) => this.log.warn({ err }, `${name}: pass failed`),
      );
      this.running.add(run);
      await run;
      this.running.delete(run);
      if (!this.stopped) this.after(tick, more ? 0 : everyMs);
    };
    this.after(tick, firstMs);
  }

  private after(fn: () => void, ms: number) {
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn();
    }, ms);
    this.timers.add(t);
  }
}
