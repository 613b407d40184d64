import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { openTestDatabase } from "../test/app";
import { transactionWithEvents } from "./events";

/**
 * A transaction PostgreSQL ends as a deadlock's victim runs again (the concurrency tests' 500 on
 * PostgreSQL: simultaneous submissions locking kept totals in different orders). Simulated here
 * with the error PostgreSQL raises, on both databases.
 */
let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await database.db.execute(sql`create table retry_probe (n int)`);
});
afterAll(async () => drop?.());

const deadlock = () => Object.assign(new Error("deadlock detected"), { code: "40P01" });
const rows = async () =>
  (
    (await database.db.execute(sql`select count(*)::int as n from retry_probe`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows[0].n;

describe("a transaction that is a deadlock's victim", () => {
  it("runs again from the start; what the failed attempt wrote is gone", async () => {
    await database.db.execute(sql`delete from retry_probe`);
    let attempts = 0;
    const result = await transactionWithEvents(database.db, async (tx) => {
      attempts++;
      await tx.execute(sql`insert into retry_probe values (${attempts})`);
      if (attempts < 3) throw deadlock();
      return "done";
    });
    expect(result).toBe("done");
    expect(attempts).toBe(3);
    expect(await rows()).toBe(1);
  });

  it("gives up after four attempts, and never retries other errors", async () => {
    await database.db.execute(sql`delete from retry_probe`);
    let attempts = 0;
    await expect(
      transactionWithEvents(database.db, async () => {
        attempts++;
        throw deadlock();
      }),
    ).rejects.toThrow("deadlock detected");
    expect(attempts).toBe(4);
    attempts = 0;
    await expect(
      transactionWithEvents(database.db, async () => {
        attempts++;
        throw Object.assign(new Error("duplicate"), { code: "23505" });
      }),
    ).rejects.toThrow("duplicate");
    expect(attempts).toBe(1);
  });
});
