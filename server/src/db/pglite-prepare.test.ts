import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PreparingPglite } from "./pglite-prepare";

let raw: PGlite;
let db: PreparingPglite;
beforeAll(async () => {
  raw = await PGlite.create();
  await raw.exec("create table t (id int primary key, name text not null, at timestamptz, flag boolean)");
  db = await PreparingPglite.wrap(raw);
});
afterAll(async () => {
  await raw.close();
});

const preparedCount = async () =>
  (await raw.query<{ n: number }>("select count(*)::int as n from pg_prepared_statements")).rows[0].n;

describe("PreparingPglite", () => {
  it("prepares a statement once and executes it with each call's values", async () => {
    const before = await preparedCount();
    for (let i = 1; i <= 5; i++)
      await db.query("insert into t (id, name, flag) values ($1, $2, $3)", [i, `n${i}`, i % 2 === 0]);
    expect(await preparedCount()).toBe(before + 1);
    const { rows } = await db.query<{ id: number; flag: boolean }>(
      "select id, flag from t where id > $1 order by id limit $2",
      [2, 2],
    );
    expect(rows).toEqual([
      { id: 3, flag: false },
      { id: 4, flag: true },
    ]);
    expect(await preparedCount()).toBe(before + 2);
  });

  it("keeps hostile strings as values: quotes, backslashes, SQL, Unicode", async () => {
    const names = [
      "O'Brien",
      "'); drop table t; --",
      "back\\slash \\' and ''doubled''",
      "עברית \u200f zero\u200bwidth 🎓",
      "$1 $$ dollar $$",
    ];
    for (const [i, name] of names.entries())
      await db.query("insert into t (id, name) values ($1, $2)", [100 + i, name]);
    for (const [i, name] of names.entries()) {
      const { rows } = await db.query<{ name: string }>("select name from t where id = $1", [100 + i]);
      expect(rows[0].name).toBe(name);
      const found = await db.query<{ id: number }>("select id from t where name = $1", [name]);
      expect(found.rows).toEqual([{ id: 100 + i }]);
    }
    expect((await raw.query("select count(*)::int as n from t")).rows).toEqual([{ n: 10 }]);
  });

  it("binds dates and nulls like the ordinary path", async () => {
    const at = new Date("2026-11-21T10:20:30.456Z");
    await db.query("insert into t (id, name, at) values ($1, $2, $3)", [200, "dated", at]);
    await db.query("insert into t (id, name, at) values ($1, $2, $3)", [201, "undated", null]);
    const { rows } = await db.query<{ at: Date | null }>(
      "select at from t where id in ($1, $2) order by id",
      [200, 201],
    );
    expect(rows.map((r) => r.at?.toISOString() ?? null)).toEqual([at.toISOString(), null]);
  });

  it("runs what it cannot prepare or has no literal for the ordinary way", async () => {
    // An unknown-typed $1 in the select list is text: prepared, and answered.
    const { rows } = await db.query<{ v: string }>("select $1 as v", ["plain"]);
    expect(rows).toEqual([{ v: "plain" }]);
    // Here the type of $1 cannot be inferred, so PREPARE fails: the caller gets PostgreSQL's
    // own answer from the ordinary path, and nothing is left prepared.
    const before = await preparedCount();
    await expect(db.query("select $1 is null as v", [null])).rejects.toThrow(/could not determine data type/);
    expect(await preparedCount()).toBe(before);
    // An array has no plain literal: bound the ordinary way.
    const arrays = await db.query<{ v: number[] }>("select $1::int[] as v", [[1, 2]]);
    expect(arrays.rows).toEqual([{ v: [1, 2] }]);
    // A NUL byte has no literal; the ordinary path refuses it as PostgreSQL always does.
    await expect(db.query("select name from t where name = $1", ["a\0b"])).rejects.toThrow();
  });

  it("reports errors with their SQLSTATE and constraint, as the ordinary path does", async () => {
    const err = await db.query("insert into t (id, name) values ($1, $2)", [1, "again"]).catch((e) => e);
    expect(err).toMatchObject({ code: "23505", constraint: "t_pkey" });
    const bad = await db.query("select name from t where id = $1", ["not a number"]).catch((e) => e);
    expect(bad).toMatchObject({ code: "22P02" });
  });

  it("leaves transactions to PGlite", async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query("insert into t (id, name) values ($1, $2)", [300, "rolled back"]);
        throw new Error("stop");
      }),
    ).rejects.toThrow("stop");
    expect((await db.query("select count(*)::int as n from t where id = $1", [300])).rows).toEqual([
      { n: 0 },
    ]);
  });
});
