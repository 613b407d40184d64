import type { LiveEvent } from "@shared/schemas/events";
import type { ThesisResult } from "@shared/schemas/release";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRows } from "../../db/query";
import { defenses, proposals, terms } from "../../db/schema";
import { createTestApp, makeStudent, sessionHeaders, type TestContext, type TestUser } from "../../test/app";
import { thesisWorld } from "../../test/thesis-world";

/**
 * The release and the official record (DESIGN.md §16, §17, §19): the visibility proposal and the
 * members' consents, the release of one thesis or a term's (each with its own proposal; a required
 * defense must have ended), what a member then reads (their own grade, the comments for the
 * students, never an internal one) and nothing before; the correction and the annulment.
 */

let t: TestContext;
let w: Awaited<ReturnType<typeof thesisWorld>>;

beforeAll(async () => {
  t = await createTestApp();
  w = await thesisWorld(t);
});
afterAll(async () => t?.close());

const assessment = (students: TestUser[], grades: [string, string], studentComment: string) => ({
  scores: { Overall: 70 },
  grades: { [students[0]!.id]: grades[0], [students[1]!.id]: grades[1] },
  studentComment,
  internalComment: "SECRET-INTERNAL",
});

/** A Graded thesis (german scale): Ana 1.3, Ben 2.0, by both examiners' agreement. */
async function graded() {
  const th = await w.writing();
  const [a, b] = th.students as [TestUser, TestUser];
  expect((await w.post(a, `/api/theses/${th.id}/drafts`, { documentId: await w.upload(a) })).statusCode).toBe(
    201,
  );
  for (const u of [a, b]) await w.send("PUT", u, `/api/theses/${th.id}/declaration`, { declaration: true });
  expect((await w.post(a, `/api/theses/${th.id}/submission`, {})).statusCode).toBe(200);
  const put = (u: TestUser, c: string) =>
    w.send("PUT", u, `/api/theses/${th.id}/assessment`, assessment(th.students, ["1.3", "2.0"], c));
  expect((await put(w.supervisor, "FIRST-FOR-STUDENTS")).statusCode).toBe(200);
  const second = await put(w.examiner, "SECOND-FOR-STUDENTS");
  expect(second.json().thesis.state).toBe("Graded");
  return th;
}
type Th = Awaited<ReturnType<typeof graded>>;

const release = (u: TestUser | null, id: string) => w.post(u, `/api/theses/${id}/release`);
const result = async (u: TestUser, id: string) => {
  const res = await w.get(u, `/api/theses/${id}/result`);
  expect(res.statusCode).toBe(200);
  return res.json().result as ThesisResult;
};
const patch = (u: TestUser, id: string, payload: object) =>
  t.app.inject({ method: "PATCH", url: `/api/theses/${id}/visibility`, payload, headers: sessionHeaders(u) });
const propose = (u: TestUser | null, id: string, payload: object) =>
  w.send("PUT", u, `/api/theses/${id}/visibility-proposal`, payload);
const consent = (u: TestUser | null, id: string, agree: unknown) =>
  w.send("PUT", u, `/api/theses/${id}/publication-consent`, { public: agree });
/** Whether the person was emailed the thesis change with this headline. */
const told = async (u: TestUser, headline: string) =>
  (await w.emailsTo(u.id)).some((e) => e.subject.startsWith(headline));
const fieldOf = (res: { json: () => { error: { fields?: Record<string, string> } } }) =>
  Object.keys(res.json().error.fields ?? {});

describe("the visibility proposal and the members' consents", () => {
  it("the supervisor proposes; each member answers for themselves; others refused (403 wrong role, 404 not theirs)", async () => {
    const th = await w.writing();
    const [a, b] = th.students as [TestUser, TestUser];
    const res = await propose(w.supervisor, th.id, {
      visibility: "Public",
      embargoUntil: "2030-01-01T00:00:00Z",
    });
    expect(res.statusCode).toBe(200);
    expect((await w.thesisRow(th.id)).proposedVisibility).toBe("Public");
    // Each member is asked by email (and live) to answer; the teachers are not.
    const asked = (await w.emailsTo(a.id)).find((e) => e.subject.startsWith("Release proposed"));
    expect(asked?.body).toContain("as Public. It is Public only if every member agrees");
    expect(await told(w.examiner, "Release proposed")).toBe(false);
    expect((await propose(a, th.id, { visibility: "Private" })).statusCode).toBe(403);
    expect((await propose(w.committee, th.id, { visibility: "Private" })).statusCode).toBe(403);
    expect((await propose(w.outsiderTeacher, th.id, { visibility: "Private" })).statusCode).toBe(404);
    // The second examiner sees the thesis but does not supervise it: the table refuses (403).
    expect((await propose(w.examiner, th.id, { visibility: "Private" })).statusCode).toBe(403);

    expect((await consent(a, th.id, true)).statusCode).toBe(200);
    const stranger = await makeStudent(t);
    expect((await consent(stranger, th.id, true)).statusCode).toBe(404);
    expect((await consent(w.supervisor, th.id, true)).statusCode).toBe(403);
    // One consent of two: Public is Internal at most.
    let r = await result(w.supervisor, th.id);
    expect(r).toMatchObject({ proposedVisibility: "Public", effectiveVisibility: "Internal", grades: null });
    expect(r.embargoUntil).toBe("2030-01-01T00:00:00.000Z");
    expect((await consent(b, th.id, true)).statusCode).toBe(200);
    r = await result(a, th.id);
    expect(r.effectiveVisibility).toBe("Public");
    expect(r.consents.map((c) => c.public)).toEqual([true, true]);
    expect((await w.timeline(th.proposalId)).map((x) => x.action)).toContain("consentPublication");
  });

  it("bad input by name changes nothing", async () => {
    const th = await w.writing();
    const [a] = th.students as [TestUser];
    const bad = await propose(w.supervisor, th.id, { visibility: "Secret" });
    expect(bad.statusCode).toBe(400);
    expect(fieldOf(bad)).toEqual(["visibility"]);
    const badDate = await propose(w.supervisor, th.id, { visibility: "Private", embargoUntil: "soon" });
    expect(badDate.statusCode).toBe(400);
    expect(fieldOf(badDate)).toEqual(["embargoUntil"]);
    const badConsent = await consent(a, th.id, "yes");
    expect(badConsent.statusCode).toBe(400);
    expect(fieldOf(badConsent)).toEqual(["public"]);
    expect(await result(w.supervisor, th.id)).toMatchObject({
      proposedVisibility: null,
      embargoUntil: null,
      consents: [{ public: null }, { public: null }],
    });
  });
});

describe("POST /api/theses/:id/release", () => {
  it("before release a member reads nothing of grades (answer, result, email, event, my data); after it only their own grade and the comments for the students", async () => {
    const th = await graded();
    const [a, b] = th.students as [TestUser, TestUser];
    const heard: LiveEvent[] = [];
    const stop = t.app.events.subscribe(a.id, "release-test-a", (e) => heard.push(e));
    // Before: Submitted, no grade, no comment, nothing told.
    const before = await w.get(a, `/api/theses/${th.id}/result`);
    expect(before.json().result).toMatchObject({ grades: null, comments: null, releasedAt: null });
    const mine = await w.get(a, `/api/theses/${th.id}`);
    expect(mine.json().thesis.state).toBe("Submitted");
    const data = await w.get(a, "/api/me/export");
    expect(data.statusCode).toBe(200);
    // A grade is a JSON string ("1.3"): a time such as "…:01.398Z" is not one.
    for (const res of [before, mine, data])
      expect(res.body).not.toMatch(/SECRET-INTERNAL|FOR-STUDENTS|"1\.3"|Graded/);
    // "Download my data" tells no more than the timeline: no assessment, no decision.
    const exported = (data.json() as { timeline: { kind: string; action: string }[] }).timeline;
    expect(exported.filter((r) => r.kind === "thesis").map((r) => r.action)).not.toContain("assess");
    expect(exported.map((r) => r.action)).not.toContain("decide");
    expect((await w.emailsTo(a.id)).map((e) => e.subject).join()).not.toMatch(/grade/i);

    // Refused: the wrong roles (403), the wrong state (409).
    expect((await release(a, th.id)).statusCode).toBe(403);
    expect((await release(w.supervisor, th.id)).statusCode).toBe(403);
    const writingOne = await w.writing();
    expect((await release(w.committee, writingOne.id)).statusCode).toBe(409);

    const res = await release(w.committee, th.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().thesis.state).toBe("Released");
    const row = await w.thesisRow(th.id);
    expect(row.releasedAt).not.toBeNull();
    expect(row.visibility).toBe("Internal");
    await expect
      .poll(() => heard.some((e) => e.type === "thesis.changed" && e.action === "release"))
      .toBe(true);
    stop?.();
    expect(
      heard.filter((e) => e.type === "thesis.changed").map((e) => e.type === "thesis.changed" && e.action),
    ).toEqual(["release"]);
    expect(await told(a, "Grades released")).toBe(true);

    // After: Ana reads her own grade only, both comments for the students, the date; never the internal comment.
    const after = await w.get(a, `/api/theses/${th.id}/result`);
    const r = after.json().result as ThesisResult;
    expect(r.grades).toEqual([{ member: { id: a.id, name: "Ana Member" }, grade: "1.3" }]);
    expect(r.comments?.map((c) => c.text)).toEqual(["FIRST-FOR-STUDENTS", "SECOND-FOR-STUDENTS"]);
    expect(r.releasedAt).not.toBeNull();
    expect((await result(b, th.id)).grades?.map((g) => g.grade)).toEqual(["2.0"]);
    for (const r2 of [after, await w.get(a, "/api/me/export"), await w.get(a, `/api/theses/${th.id}`)])
      expect(r2.body).not.toContain("SECRET-INTERNAL");
    expect((await result(w.committee, th.id)).grades?.map((g) => g.grade)).toEqual(["1.3", "2.0"]);
    // Released: the proposal and the consents are closed (409).
    expect((await propose(w.supervisor, th.id, { visibility: "Private" })).statusCode).toBe(409);
    expect((await consent(a, th.id, true)).statusCode).toBe(409);
  });

  it("Public without every consent is released as Internal; with every consent as Public; the committee may change it later", async () => {
    const one = await graded();
    const two = await graded();
    for (const th of [one, two]) await propose(w.supervisor, th.id, { visibility: "Public" });
    await consent(one.students[0]!, one.id, true);
    for (const s of two.students) await consent(s, two.id, true);
    expect((await release(w.committee, one.id)).statusCode).toBe(200);
    expect((await release(w.committee, two.id)).statusCode).toBe(200);
    expect((await w.thesisRow(one.id)).visibility).toBe("Internal");
    expect((await w.thesisRow(two.id)).visibility).toBe("Public");

    const refused = await patch(w.committee, one.id, { visibility: "Public" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain("Ben Member");
    const changed = await patch(w.committee, two.id, {
      visibility: "Private",
      embargoUntil: "2031-05-01T00:00:00Z",
    });
    expect(changed.statusCode).toBe(200);
    expect(await w.thesisRow(two.id)).toMatchObject({ visibility: "Private" });
    // Its members and teachers are told what their archive entry became.
    const member = two.students[0]!;
    expect(await told(member, "Archive entry changed")).toBe(true);
    expect(await told(w.supervisor, "Archive entry changed")).toBe(true);
    expect((await w.thesisRow(two.id)).embargoUntil?.toISOString()).toBe("2031-05-01T00:00:00.000Z");
    expect((await patch(w.supervisor, two.id, { visibility: "Internal" })).statusCode).toBe(403);
    const bad = await patch(w.committee, two.id, { visibility: "Everyone" });
    expect(bad.statusCode).toBe(400);
    expect(fieldOf(bad)).toEqual(["visibility"]);
    expect((await w.thesisRow(two.id)).visibility).toBe("Private");
    // Not released yet: 409.
    expect((await patch(w.committee, (await w.writing()).id, { visibility: "Internal" })).statusCode).toBe(
      409,
    );
  });

  it("a race: two simultaneous releases of one thesis → one 200, one 409", async () => {
    const th = await graded();
    const codes = (await Promise.all([release(w.committee, th.id), release(w.committee, th.id)])).map(
      (r) => r.statusCode,
    );
    expect(codes.sort()).toEqual([200, 409]);
    const rows = (await w.timeline(th.proposalId)).filter((x) => x.action === "release");
    expect(rows).toHaveLength(1);
  });

  it("in a term with defenseRequired: none scheduled → 409; not ended → 409 naming its end; ended → released", async () => {
    const th = await graded();
    await t.database.db.update(terms).set({ defenseRequired: true }).where(eq(terms.id, th.termId));
    const none = await release(w.committee, th.id);
    expect(none.statusCode).toBe(409);
    expect(none.json().error.message).toMatch(/requires a defense/);
    const start = new Date(Date.now() - 30 * 60_000);
    const [d] = await t.database.db
      .insert(defenses)
      .values({
        thesisId: th.id,
        startsAt: start,
        endsAt: new Date(Date.now() + 30 * 60_000),
        onlineUrl: "https://meet.example/x",
        public: false,
      })
      .returning();
    const waiting = await release(w.committee, th.id);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().error.message).toMatch(/once the defense ends \(/);
    expect((await w.thesisRow(th.id)).state).toBe("Graded");
    await t.database.db
      .update(defenses)
      .set({ endsAt: new Date(Date.now() - 60_000) })
      .where(eq(defenses.id, d!.id));
    expect((await release(w.committee, th.id)).statusCode).toBe(200);
  });
});

describe("POST /api/terms/:id/release-grades", () => {
  it("releases only the term's Graded theses, each with its own visibility; a required defense not held waits", async () => {
    const one = await graded();
    const two = await graded();
    const writingOne = await w.writing();
    const other = await graded();
    for (const th of [two, writingOne])
      await t.database.db
        .update(proposals)
        .set({ termId: one.termId })
        .where(eq(proposals.id, th.proposalId));
    await propose(w.supervisor, two.id, { visibility: "Private" });
    expect((await w.post(w.supervisor, `/api/terms/${one.termId}/release-grades`)).statusCode).toBe(403);
    expect(
      (await w.post(w.committee, "/api/terms/00000000-0000-4000-8000-000000000000/release-grades"))
        .statusCode,
    ).toBe(404);
    const res = await w.post(w.committee, `/api/terms/${one.termId}/release-grades`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { released: { id: string; visibility: string }[]; waiting: unknown[] };
    expect(body.released.map((r) => [r.id, r.visibility]).sort()).toEqual(
      [
        [one.id, "Internal"],
        [two.id, "Private"],
      ].sort(),
    );
    expect(body.waiting).toEqual([]);
    expect((await w.thesisRow(writingOne.id)).state).toBe("Writing");
    expect((await w.thesisRow(other.id)).state).toBe("Graded");

    // The other term requires a defense: its thesis waits, named.
    await t.database.db.update(terms).set({ defenseRequired: true }).where(eq(terms.id, other.termId));
    const wait = (await w.post(w.committee, `/api/terms/${other.termId}/release-grades`)).json();
    expect(wait.released).toEqual([]);
    expect(wait.waiting).toMatchObject([{ id: other.id }]);
    expect((await w.thesisRow(other.id)).state).toBe("Graded");
  });
});

describe("the official record: correction and annulment", () => {
  const correct = (u: TestUser, th: Th, payload: object) =>
    w.post(u, `/api/theses/${th.id}/grade-correction`, payload);
  const gradeOf = async (th: Th, studentId: string) =>
    (
      await selectRows<{ grade: string }>(
        t.database.db,
        sql`select grade from thesis_grades where thesis_id = ${th.id} and student_id = ${studentId}`,
      )
    )[0]?.grade;

  it("bad input by name changes nothing; wrong roles refused; before release the student hears nothing", async () => {
    const th = await graded();
    const [a] = th.students as [TestUser];
    const cases: [object, string][] = [
      [{ studentId: a.id, grade: "9.9", reason: "Typo" }, "grade"],
      [{ studentId: w.supervisor.id, grade: "1.0", reason: "Typo" }, "studentId"],
      [{ studentId: a.id, grade: "1.0", reason: " " }, "reason"],
      [{ studentId: a.id, grade: "1.3", reason: "Same" }, "grade"],
      [{ studentId: "nope", grade: "1.0", reason: "Typo" }, "studentId"],
    ];
    for (const [payload, field] of cases) {
      const res = await correct(w.committee, th, payload);
      expect(res.statusCode, field).toBe(400);
      expect(fieldOf(res)).toEqual([field]);
    }
    expect(await gradeOf(th, a.id)).toBe("1.3");
    expect((await correct(w.supervisor, th, { studentId: a.id, grade: "1.0", reason: "x" })).statusCode).toBe(
      403,
    );
    // On Graded: corrected, on the committee's timeline, never on the student's; the student not told.
    expect(
      (await correct(w.committee, th, { studentId: a.id, grade: "1.0", reason: "Sum error" })).statusCode,
    ).toBe(200);
    expect(await gradeOf(th, a.id)).toBe("1.0");
    const timeline = await w.get(a, `/api/proposals/${th.proposalId}/timeline`);
    expect(timeline.body).not.toContain("correctGrade");
    expect(await told(a, "Grade corrected")).toBe(false);
  });

  it("after release the corrected student is told (email, event) and reads the new grade; on the timeline with its reason", async () => {
    const th = await graded();
    const [a, b] = th.students as [TestUser, TestUser];
    await release(w.committee, th.id);
    const heard: LiveEvent[] = [];
    const stop = t.app.events.subscribe(b.id, "release-test-b", (e) => heard.push(e));
    const res = await correct(w.committee, th, { studentId: b.id, grade: "1.7", reason: "Recounted" });
    expect(res.statusCode).toBe(200);
    expect(res.json().thesis.state).toBe("Released");
    await expect
      .poll(() => heard.some((e) => e.type === "thesis.changed" && e.action === "correctGrade"))
      .toBe(true);
    stop?.();
    expect(await told(b, "Grade corrected")).toBe(true);
    expect(await told(a, "Grade corrected")).toBe(false);
    expect((await result(b, th.id)).grades?.map((g) => g.grade)).toEqual(["1.7"]);
    expect(await w.timeline(th.proposalId)).toContainEqual({
      action: "correctGrade",
      subject_name: "Ben Member",
      note: "Recounted",
    });
    const mine = await w.get(b, `/api/proposals/${th.proposalId}/timeline`);
    expect(mine.body).toContain("correctGrade");
  });

  it("annul: Graded or Released → Annulled with a reason, on the timeline, everyone told; refused otherwise", async () => {
    const th = await graded();
    const [a] = th.students as [TestUser];
    await release(w.committee, th.id);
    const noReason = await w.post(w.committee, `/api/theses/${th.id}/annul`, { reason: "" });
    expect(noReason.statusCode).toBe(400);
    expect(fieldOf(noReason)).toEqual(["reason"]);
    expect((await w.post(w.supervisor, `/api/theses/${th.id}/annul`, { reason: "x" })).statusCode).toBe(403);
    expect((await w.post(a, `/api/theses/${th.id}/annul`, { reason: "x" })).statusCode).toBe(403);
    const res = await w.post(w.committee, `/api/theses/${th.id}/annul`, { reason: "Plagiarism" });
    expect(res.statusCode).toBe(200);
    expect(res.json().thesis.state).toBe("Annulled");
    expect(await w.timeline(th.proposalId)).toContainEqual({
      action: "annul",
      subject_name: null,
      note: "Plagiarism",
    });
    expect(await told(a, "Thesis annulled")).toBe(true);
    expect((await result(a, th.id)).grades).toBeNull();
    expect((await w.post(w.committee, `/api/theses/${th.id}/annul`, { reason: "Again" })).statusCode).toBe(
      409,
    );
    const graded2 = await graded();
    expect(
      (await w.post(w.committee, `/api/theses/${graded2.id}/annul`, { reason: "Copied" })).statusCode,
    ).toBe(200);
    expect(
      (await w.post(w.committee, `/api/theses/${(await w.writing()).id}/annul`, { reason: "x" })).statusCode,
    ).toBe(409);
  });
});
