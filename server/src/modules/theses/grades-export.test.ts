import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { theses, thesisGrades, users } from "../../db/schema";
import { createTestApp, makeSupervisor, type TestContext } from "../../test/app";
import { thesisWorld } from "../../test/thesis-world";

/**
 * The committee's theses by examiner and its grades export (DESIGN.md §17, issue 31 item 8): one
 * row per student with the student ID, by the list's filters; refused to anyone but the committee.
 */

let t: TestContext;
let w: Awaited<ReturnType<typeof thesisWorld>>;
beforeAll(async () => {
  t = await createTestApp();
  w = await thesisWorld(t);
});
afterAll(async () => t?.close());

const csvOf = (body: string) =>
  parse(body.replace(/^\uFEFF/, ""), { columns: true }) as Record<string, string>[];

describe("GET /api/theses?examinerId=", () => {
  it("lists only the theses a teacher examines (first or second), under the caller's own visibility; a bad id is 400 by name", async () => {
    const th = await w.writing();
    const other = await w.writing();
    const stranger = await makeSupervisor(t);
    await t.database.db.update(theses).set({ secondExaminerId: stranger.id }).where(eq(theses.id, other.id));
    const ids = async (examinerId: string, by = w.committee) =>
      (
        (await w.get(by, `/api/theses?termId=all&examinerId=${examinerId}`)).json().items as { id: string }[]
      ).map((i) => i.id);
    expect(await ids(w.examiner.id)).toContain(th.id);
    expect(await ids(w.examiner.id)).not.toContain(other.id);
    expect(await ids(stranger.id)).toEqual([other.id]);
    // The first examiner (the supervisor) examines both.
    expect(await ids(w.supervisor.id)).toEqual(expect.arrayContaining([th.id, other.id]));
    // A teacher filtering by another sees only what they see anyway: none of the stranger's here.
    expect(await ids(stranger.id, w.outsiderTeacher)).toEqual([]);
    const bad = await w.get(w.committee, "/api/theses?examinerId=nope");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.examinerId).toBe("Invalid examiner.");
  });
});

describe("GET /api/theses/grades.csv", () => {
  it("the committee: one row per student with the student ID and the grade as it stands; the filters apply", async () => {
    const th = await w.writing();
    const [ana, ben] = th.students;
    await t.database.db.update(users).set({ studentId: "S-ANA-1" }).where(eq(users.id, ana.id));
    await t.database.db.update(theses).set({ state: "Disputed" }).where(eq(theses.id, th.id));
    await t.database.db
      .insert(thesisGrades)
      .values({ thesisId: th.id, studentId: ana.id, grade: "1.7", source: "marking", setAt: new Date() });

    const res = await w.get(w.committee, `/api/theses/grades.csv?termId=${th.termId}&state=Disputed`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/csv/);
    expect(res.headers["content-disposition"]).toMatch(
      /attachment; filename="grades-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const rows = csvOf(res.body);
    expect(rows).toEqual([
      expect.objectContaining({
        Thesis: expect.any(String),
        State: "Disputed",
        Supervisor: w.supervisor.name,
        "Second examiner": w.examiner.name,
        Student: "Ana Member",
        "Student ID": "S-ANA-1",
        Grade: "1.7",
        "Grade set by": "examiners",
      }),
      expect.objectContaining({ Student: "Ben Member", Grade: "", "Grade set by": "" }),
    ]);
    expect(rows[1]["Student ID"]).toBe(
      (await t.database.db.select().from(users).where(eq(users.id, ben.id)))[0].studentId ?? "",
    );

    // Another state of the same term: not in it.
    const writingOnly = csvOf(
      (await w.get(w.committee, `/api/theses/grades.csv?termId=${th.termId}&state=Writing`)).body,
    );
    expect(writingOnly).toEqual([]);
  });

  it("refused: signed out 401, a student or a teacher 403; a bad filter 400 by name", async () => {
    const th = await w.writing();
    expect((await w.get(null, "/api/theses/grades.csv")).statusCode).toBe(401);
    expect((await w.get(th.students[0], "/api/theses/grades.csv")).statusCode).toBe(403);
    expect((await w.get(w.supervisor, "/api/theses/grades.csv")).statusCode).toBe(403);
    const bad = await w.get(w.committee, "/api/theses/grades.csv?state=Nope");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty("state");
  });
});
