import { MSG } from "@shared/messages";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRows } from "../db/query";
import {
  createTestApp,
  makeCommittee,
  makeStudent,
  PASSWORD,
  type TestContext,
  type TestUser,
  unique,
} from "../test/app";

/**
 * Student IDs are one in any case (DESIGN.md §13, issue 28 item 10a): registration and the import
 * judge "the same student ID" as the database's index does (single sign-on: sso.test.ts).
 */

let t: TestContext;
let committee: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  committee = await makeCommittee(t);
});
afterAll(async () => t?.close());

const register = (studentId: string, tag = unique("sid")) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/register",
    payload: { name: "Sam Student", email: `${tag}@example.edu`, studentId, password: PASSWORD },
  });

const holders = (studentId: string) =>
  selectRows<{ email: string; student_id: string }>(
    t.database.db,
    sql`select email, student_id from users where lower(student_id) = lower(${studentId})`,
  );

describe("registration", () => {
  it("refuses a student ID another account has in another case (409 on studentId), storing nothing", async () => {
    const holder = await makeStudent(t, { studentId: `${unique("ab").toUpperCase()}-7` });
    const res = await register(holder.studentId!.toLowerCase());
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: "CONFLICT", fields: { studentId: MSG.studentIdTaken } });
    expect((await holders(holder.studentId!)).map((r) => r.email)).toEqual([holder.email]);
  });

  it("two registrations at once with one student ID in two cases: exactly one account", async () => {
    const id = `${unique("race")}-1`;
    const results = await Promise.all([register(id.toUpperCase()), register(id.toLowerCase())]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await holders(id)).toHaveLength(1);
  });
});

describe("the import", () => {
  const post = (csv: string, dryRun: boolean) =>
    t.app.inject({
      method: "POST",
      url: `/api/users/import?role=student&dryRun=${dryRun}`,
      payload: csv,
      headers: { "content-type": "text/csv", cookie: committee.cookie },
    });

  it("judges rows in the file and against the accounts by the student ID in any case; nothing is imported", async () => {
    const holder = await makeStudent(t, { studentId: `${unique("im").toUpperCase()}-1` });
    const tag = unique("imp");
    const csv = [
      "name,email,studentId",
      `Ana,${tag}.ana@example.edu,${tag.toUpperCase()}-2`,
      `Bo,${tag}.bo@example.edu,${tag.toLowerCase()}-2`,
      `Cy,${tag}.cy@example.edu,${holder.studentId!.toLowerCase()}`,
    ].join("\n");
    const dry = await post(csv, true);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().rows.map((r: { status: string; message: string }) => [r.status, r.message])).toEqual([
      ["new", MSG.importRowNew],
      ["error", MSG.importRowDuplicate(2)],
      ["error", MSG.importRowStudentIdTaken],
    ]);
    const real = await post(csv, false);
    expect(real.statusCode).toBe(400);
    expect(real.json().error.fields).toEqual({ file: MSG.importHasErrors(2) });
    expect(await holders(`${tag}-2`)).toEqual([]);
    expect((await holders(holder.studentId!)).map((r) => r.email)).toEqual([holder.email]);
  });
});
