import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, makeStudent, type TestContext } from "../test/app";
import { compiled, compiledShapes } from "./compiled";
import { users } from "./schema";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("compiled()", () => {
  it("builds the text once and binds each call's values, in order, also when a name repeats", async () => {
    let builds = 0;
    const byName = compiled<"name" | "limit">((p) => {
      builds++;
      return sql`select ${users.name} as name, ${p("limit")}::int as lim from ${users}
                  where ${users.name} = ${p("name")} or lower(${users.name}) = lower(${p("name")}) limit ${p("limit")}`;
    });
    const a = await makeStudent(t, { name: "Compiled 'Quote' $1 Ünïcode" });
    const b = await makeStudent(t, { name: "Compiled other" });
    const run = async (name: string, limit: number) =>
      (
        (await t.database.db.execute(byName({ name, limit }))) as unknown as {
          rows: { name: string; lim: number }[];
        }
      ).rows;

    expect(await run(a.name, 5)).toEqual([{ name: a.name, lim: 5 }]);
    expect(await run(b.name.toUpperCase(), 1)).toEqual([{ name: b.name, lim: 1 }]);
    // A value that looks like SQL is a value.
    expect(await run("x' or '1'='1", 5)).toEqual([]);
    expect(builds).toBe(1);
  });

  it("refuses a statement whose text carries $n of its own", () => {
    const bad = compiled<"x">((p) => sql`select '$1' as a, ${p("x")} as b`);
    expect(() => bad({ x: 1 })).toThrow(/must not contain/);
  });

  it("compiledShapes() builds each shape once and keeps shapes apart", async () => {
    const builds: string[] = [];
    const byShape = compiledShapes<"n">();
    const run = async (shape: "plus" | "times", n: number) => {
      const statement = byShape(shape, (p) => {
        builds.push(shape);
        return shape === "plus" ? sql`select ${p("n")}::int + 1 as r` : sql`select ${p("n")}::int * 10 as r`;
      });
      return ((await t.database.db.execute(statement({ n }))) as unknown as { rows: { r: number }[] }).rows[0]
        .r;
    };
    expect(await run("plus", 1)).toBe(2);
    expect(await run("times", 2)).toBe(20);
    expect(await run("plus", 5)).toBe(6);
    expect(await run("times", 3)).toBe(30);
    expect(builds).toEqual(["plus", "times"]);
  });
});
