import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../db/client";
import { selectRows } from "../db/query";
import { openTestDatabase } from "../test/app";
import { dailyAt, everyMinutes, type ScheduledJob, Scheduler } from "./scheduler";

const quiet = { error: () => {}, warn: () => {}, info: () => {} } as unknown as FastifyBaseLogger;

let first: Database;
/** A second instance's own connections to the same database (PostgreSQL); on PGlite, the same one. */
let second: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  const opened = await openTestDatabase();
  first = opened.database;
  second = opened.url ? await openDatabase({ databaseUrl: opened.url, poolSize: 3 }) : first;
  drop = async () => {
    if (second !== first) await second.close();
    await opened.drop();
  };
  await first.db.execute(sql`create table job_runs (job text not null, at timestamptz not null)`);
});
afterAll(() => drop?.());

/** A job that records each run in the job's own transaction, slowly, so that runs would overlap. */
function countingJob(name: string, fail = false): ScheduledJob {
  return {
    name,
    next: everyMinutes(60),
    run: async (tx, now) => {
      await tx.execute(sql`insert into job_runs (job, at) values (${name}, ${now.toISOString()})`);
      await new Promise((r) => setTimeout(r, 50));
      if (fail) throw new Error("the job failed");
    },
  };
}

const runs = async (name: string) =>
  (
    await selectRows<{ at: string }>(first.db, sql`select at from job_runs where job = ${name} order by at`)
  ).map((r) => new Date(r.at).toISOString());
const nextRun = async (name: string) =>
  (
    await selectRows<{ next_run_at: string; last_error: string | null }>(
      first.db,
      sql`select next_run_at, last_error from scheduled_jobs where name = ${name}`,
    )
  )[0];

describe("the scheduler", () => {
  it("runs a due job once across two instances, however often both look", async () => {
    let now = new Date("2027-05-01T09:30:00Z");
    const a = new Scheduler(first.db, quiet, () => now);
    const b = new Scheduler(second.db, quiet, () => now);
    for (const s of [a, b]) {
      s.schedule(countingJob("hourly"));
      await s.register();
    }
    expect(new Date((await nextRun("hourly")).next_run_at).toISOString()).toBe("2027-05-01T10:00:00.000Z");
    expect(await Promise.all([a.runDue(), b.runDue()])).toEqual([[], []]);

    now = new Date("2027-05-01T10:00:05Z");
    const passes = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).runDue()));
    expect(passes.flat()).toEqual(["hourly"]);
    expect(await runs("hourly")).toEqual(["2027-05-01T10:00:05.000Z"]);
    expect(new Date((await nextRun("hourly")).next_run_at).toISOString()).toBe("2027-05-01T11:00:00.000Z");
  });

  it("survives a restart and catches up a missed run once", async () => {
    let now = new Date("2027-05-01T09:30:00Z");
    const before = new Scheduler(first.db, quiet, () => now);
    before.schedule(countingJob("catch-up"));
    await before.register();
    await before.stop();
    // Every instance was down from 09:30 to 13:15: three runs were missed.
    now = new Date("2027-05-01T13:15:00Z");
    const after = new Scheduler(second.db, quiet, () => now);
    after.schedule(countingJob("catch-up"));
    await after.register();
    expect(await after.runDue()).toEqual(["catch-up"]);
    expect(await after.runDue()).toEqual([]);
    expect(await runs("catch-up")).toEqual(["2027-05-01T13:15:00.000Z"]);
    expect(new Date((await nextRun("catch-up")).next_run_at).toISOString()).toBe("2027-05-01T14:00:00.000Z");
  });

  it("a failed run changes nothing, is recorded, and is tried again a minute later", async () => {
    const now = new Date("2027-05-01T10:00:00Z");
    const s = new Scheduler(first.db, quiet, () => now);
    s.schedule(countingJob("failing", true));
    await first.db.execute(
      sql`insert into scheduled_jobs (name, next_run_at) values ('failing', '2027-05-01T09:00:00Z')`,
    );
    expect(await s.runDue()).toEqual([]);
    expect(await runs("failing")).toEqual([]);
    const row = await nextRun("failing");
    expect(row.last_error).toBe("the job failed");
    expect(new Date(row.next_run_at).toISOString()).toBe("2027-05-01T10:01:00.000Z");
  });

  it("a run that failed runs again at its retry, and then it is due at its next time", async () => {
    let now = new Date("2027-05-01T10:00:00Z");
    let attempts = 0;
    const s = new Scheduler(first.db, quiet, () => now);
    s.schedule({
      name: "flaky",
      next: everyMinutes(60),
      run: async (tx, at) => {
        await tx.execute(sql`insert into job_runs (job, at) values ('flaky', ${at.toISOString()})`);
        if (++attempts === 1) throw new Error("down for a moment");
      },
    });
    await first.db.execute(
      sql`insert into scheduled_jobs (name, next_run_at) values ('flaky', '2027-05-01T09:00:00Z')`,
    );
    expect(await s.runDue()).toEqual([]);
    now = new Date("2027-05-01T10:00:30Z");
    expect(await s.runDue()).toEqual([]);
    now = new Date("2027-05-01T10:01:00Z");
    expect(await s.runDue()).toEqual(["flaky"]);
    expect(await runs("flaky")).toEqual(["2027-05-01T10:01:00.000Z"]);
    const row = await nextRun("flaky");
    expect(row.last_error).toBeNull();
    expect(new Date(row.next_run_at).toISOString()).toBe("2027-05-01T11:00:00.000Z");
  });

  it("a daily job is due when the department's clock shows its hour, across a change of offset", () => {
    const sevenInBerlin = dailyAt(7, "Europe/Berlin");
    // Saturday 27 March 2027, 08:30 in Berlin (UTC+1); the clocks go forward that night.
    expect(sevenInBerlin(new Date("2027-03-27T07:30:00Z")).toISOString()).toBe("2027-03-28T05:00:00.000Z");
    expect(sevenInBerlin(new Date("2027-03-27T05:59:00Z")).toISOString()).toBe("2027-03-27T06:00:00.000Z");
    expect(sevenInBerlin(new Date("2027-03-27T06:00:00Z")).toISOString()).toBe("2027-03-28T05:00:00.000Z");
  });

  it("repeating work marked atStart runs once before start() returns, then at its own pace", async () => {
    let passes = 0;
    const s = new Scheduler(first.db, quiet, () => new Date());
    s.repeat({
      name: "statistics",
      everyMs: 60_000,
      atStart: true,
      run: async () => {
        passes++;
        return false;
      },
    });
    await s.start();
    expect(passes).toBe(1);
    await new Promise((r) => setTimeout(r, 100));
    await s.stop();
    expect(passes).toBe(1);
  });

  it("starts and stops its timers, running repeating work on each instance", async () => {
    let passes = 0;
    const s = new Scheduler(first.db, quiet, () => new Date());
    s.repeat({
      name: "work",
      everyMs: 10,
      run: async () => {
        passes++;
        return false;
      },
    });
    await s.start();
    const end = Date.now() + 5_000;
    while (passes < 3 && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
    await s.stop();
    const stoppedAt = passes;
    expect(stoppedAt).toBeGreaterThanOrEqual(3);
    await new Promise((r) => setTimeout(r, 50));
    expect(passes).toBe(stoppedAt);
  });
});
