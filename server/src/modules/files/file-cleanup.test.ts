import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRows } from "../../db/query";
import { createTestApp, makeStudent, type TestContext } from "../../test/app";
import { insertFile } from "./files.repository";

let clock = new Date("2027-06-01T10:30:00Z");
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
});
afterAll(() => t?.close());

const exists = async (id: string) =>
  (await selectRows(t.database.db, sql`select 1 from files where id = ${id}`)).length === 1;

describe("the clean-up of unused files (DESIGN.md §10)", () => {
  it("deletes, on the hour, the files nothing has referred to for a day, and keeps pictures in use and new uploads", async () => {
    const owner = await makeStudent(t);
    const file = (name: string) =>
      insertFile(t.database.db, {
        ownerId: owner.id,
        name,
        mediaType: "image/webp",
        bytes: Buffer.from(name),
      });
    const [unused, picture, fresh] = [await file("unused"), await file("picture"), await file("fresh")];
    await t.database.db.execute(sql`update users set picture_id = ${picture} where id = ${owner.id}`);
    await t.database.db.execute(
      sql`update files set created_at = '2027-05-31T09:00:00Z' where id in (${unused}, ${picture})`,
    );
    await t.database.db.execute(
      sql`update files set created_at = '2027-05-31T11:30:00Z' where id = ${fresh}`,
    );
    await t.database.db.execute(
      sql`update scheduled_jobs set next_run_at = '2027-06-01T11:00:00Z' where name = 'file-cleanup'`,
    );

    expect(await t.app.scheduler.runDue()).not.toContain("file-cleanup");
    clock = new Date("2027-06-01T11:00:00Z");
    expect(await t.app.scheduler.runDue()).toContain("file-cleanup");
    expect([await exists(unused), await exists(picture), await exists(fresh)]).toEqual([false, true, true]);

    // An hour later the fresh upload is a day old and still unused.
    clock = new Date("2027-06-01T12:00:00Z");
    expect(await t.app.scheduler.runDue()).toContain("file-cleanup");
    expect([await exists(picture), await exists(fresh)]).toEqual([true, false]);
  });
});
