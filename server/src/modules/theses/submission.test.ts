import { MSG } from "@shared/messages";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRows } from "../../db/query";
import { terms, theses } from "../../db/schema";
import { createTestApp, makeStudent, type TestContext, type TestUser } from "../../test/app";
import { thesisWorld } from "../../test/thesis-world";

/**
 * The final submission (DESIGN.md §16): each member's declaration (the term's text, who and when),
 * the submission (before the due date, once everyone declared; the latest draft final and locked;
 * the term's row shared so its grading freeze is ordered), the supervisor's return for correction
 * before any assessment; who may do each, bad input by name, and two simultaneous submissions.
 */

let t: TestContext;
let w: Awaited<ReturnType<typeof thesisWorld>>;
const DAY = 24 * 3600 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  w = await thesisWorld(t);
});
afterAll(async () => t?.close());

const declare = (u: TestUser | null, id: string, body: object = { declaration: true }) =>
  w.send("PUT", u, `/api/theses/${id}/declaration`, body);
const submit = (u: TestUser | null, id: string) => w.post(u, `/api/theses/${id}/submission`, {});

/** A thesis with a draft from its first member, and both members' declarations if `declared`. */
async function ready(declared = true) {
  const th = await w.writing();
  const [a, b] = th.students;
  expect((await w.post(a, `/api/theses/${th.id}/drafts`, { documentId: await w.upload(a) })).statusCode).toBe(
    201,
  );
  if (declared) for (const u of [a, b]) expect((await declare(u, th.id)).statusCode).toBe(200);
  return th;
}

describe("PUT /api/theses/:id/declaration", () => {
  it("each member declares for themselves: the term's text, who and when; declaring again changes nothing", async () => {
    const th = await w.writing();
    await t.database.db
      .update(terms)
      .set({ declarationText: "I wrote this myself." })
      .where(eq(terms.id, th.termId));
    const [a] = th.students;
    expect((await declare(a, th.id)).statusCode).toBe(200);
    expect((await declare(a, th.id)).statusCode).toBe(200);
    const rows = await selectRows<{ student_id: string; text: string }>(
      t.database.db,
      sql`select student_id, text from thesis_declarations where thesis_id = ${th.id}`,
    );
    expect(rows).toEqual([{ student_id: a.id, text: "I wrote this myself." }]);
    const writing = await w.writingOf(w.supervisor, th.id);
    expect(writing.declarationText).toBe("I wrote this myself.");
    expect(writing.declarations.map((d) => d.studentId)).toEqual([a.id]);
    expect((await w.timeline(th.proposalId)).filter((r) => r.action === "declare")).toHaveLength(1);
  });

  it("refused: declaration not true (400 declaration), a teacher (403), a stranger (404), after submission (409)", async () => {
    const th = await ready();
    const bad = await declare(th.students[0], th.id, { declaration: false });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.declaration).toBe(MSG.declarationRequired);
    expect((await declare(w.supervisor, th.id)).statusCode).toBe(403);
    expect((await declare(await makeStudent(t), th.id)).statusCode).toBe(404);
    expect((await submit(th.students[0], th.id)).statusCode).toBe(200);
    expect((await declare(th.students[0], th.id)).statusCode).toBe(409);
  });
});

describe("POST /api/theses/:id/submission", () => {
  it("a member submits: Submitted, the latest draft final and locked, the teachers told; the second examiner reads it", async () => {
    const th = await ready();
    const [a, b] = th.students;
    const later = await w.upload(b);
    expect((await w.post(b, `/api/theses/${th.id}/drafts`, { documentId: later })).statusCode).toBe(201);
    const res = await submit(a, th.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().thesis.state).toBe("Submitted");
    expect(res.json().thesis.submittedAt).not.toBeNull();
    expect((await w.thesisRow(th.id)).finalDocumentId).toBe(later);
    const writing = await w.writingOf(w.examiner, th.id);
    expect(writing.drafts.map((d) => [d.number, d.final])).toEqual([
      [2, true],
      [1, false],
    ]);
    expect((await w.emailsTo(w.supervisor.id)).some((e) => e.subject.startsWith("Thesis submitted"))).toBe(
      true,
    );
    expect((await w.get(w.examiner, `/api/files/${later}`)).statusCode).toBe(200);
    // Locked: no more drafts, no second submission.
    expect(
      (await w.post(a, `/api/theses/${th.id}/drafts`, { documentId: await w.upload(a) })).statusCode,
    ).toBe(409);
    expect((await submit(b, th.id)).statusCode).toBe(409);
  });

  it("refused after the due date, naming it (409); until every member has declared, naming who (409); with no draft (409)", async () => {
    const late = await ready();
    const past = new Date(Date.now() - DAY);
    await t.database.db
      .update(theses)
      .set({ dueAt: past, startedAt: new Date(past.getTime() - 30 * DAY) })
      .where(eq(theses.id, late.id));
    const overdue = await submit(late.students[0], late.id);
    expect(overdue.statusCode).toBe(409);
    expect(overdue.json().error.message).toMatch(
      /^This thesis was due \d+ \w+ \d{4}, \d\d:\d\d \(.+\), so it can no longer be submitted/,
    );

    const undeclared = await ready(false);
    await declare(undeclared.students[0], undeclared.id);
    const notYet = await submit(undeclared.students[0], undeclared.id);
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().error.message).toBe(MSG.notEveryoneDeclared(["Ben Member"]));

    const empty = await w.writing();
    for (const u of empty.students) await declare(u, empty.id);
    const none = await submit(empty.students[0], empty.id);
    expect(none.statusCode).toBe(409);
    expect(none.json().error.message).toBe(MSG.noDraftToSubmit);
    for (const th of [late, undeclared, empty]) expect((await w.thesisRow(th.id)).state).toBe("Writing");
  });

  it("refused: a teacher or the committee (403), a stranger (404), signed out (401), a body with fields (400)", async () => {
    const th = await ready();
    expect((await submit(w.supervisor, th.id)).statusCode).toBe(403);
    expect((await submit(w.committee, th.id)).statusCode).toBe(403);
    expect((await submit(await makeStudent(t), th.id)).statusCode).toBe(404);
    expect((await submit(null, th.id)).statusCode).toBe(401);
    expect((await w.post(th.students[0], `/api/theses/${th.id}/submission`, { final: "x" })).statusCode).toBe(
      400,
    );
  });

  it("two simultaneous submissions by the two members: one 200, one 409, one timeline row", async () => {
    const th = await ready();
    const [r1, r2] = await Promise.all([submit(th.students[0], th.id), submit(th.students[1], th.id)]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 409]);
    expect((await w.timeline(th.proposalId)).filter((r) => r.action === "submit")).toHaveLength(1);
  });

  it("a submission freezes the term's grading: a change of scale afterwards is refused (decision 0063)", async () => {
    const th = await ready();
    expect((await submit(th.students[0], th.id)).statusCode).toBe(200);
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/terms/${th.termId}`,
      payload: { gradeScale: "letter" },
      headers: { cookie: w.committee.cookie },
    });
    expect(res.statusCode).toBe(409);
  });
});

describe("POST /api/theses/:id/return", () => {
  const soon = (from: Date, days: number) => new Date(from.getTime() + days * DAY).toISOString();

  it("its supervisor returns it before any assessment: Writing, the new due date, the final document unlocked, the members told", async () => {
    const th = await ready();
    await submit(th.students[0], th.id);
    const res = await w.post(w.supervisor, `/api/theses/${th.id}/return`, {
      reason: "Fix chapter 2.",
      dueAt: soon(th.dueAt, 14),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().thesis).toMatchObject({
      state: "Writing",
      dueAt: soon(th.dueAt, 14),
      submittedAt: null,
    });
    expect((await w.thesisRow(th.id)).finalDocumentId).toBeNull();
    expect(
      (await w.emailsTo(th.students[1].id)).some((e) =>
        e.subject.startsWith("Thesis returned for correction"),
      ),
    ).toBe(true);
    // Written again: a new draft, and a new submission.
    expect(
      (
        await w.post(th.students[1], `/api/theses/${th.id}/drafts`, {
          documentId: await w.upload(th.students[1]),
        })
      ).statusCode,
    ).toBe(201);
    expect((await submit(th.students[1], th.id)).statusCode).toBe(200);
  });

  it("refused: once an assessment is in (409), a date not later (400), no reason (400), the second examiner (403), a member (403), in Writing (409)", async () => {
    const th = await ready();
    const body = { reason: "Fix it.", dueAt: soon(th.dueAt, 14) };
    expect((await w.post(w.supervisor, `/api/theses/${th.id}/return`, body)).statusCode).toBe(409);
    await submit(th.students[0], th.id);
    const notLater = await w.post(w.supervisor, `/api/theses/${th.id}/return`, {
      ...body,
      dueAt: th.dueAt.toISOString(),
    });
    expect(notLater.statusCode).toBe(400);
    expect(notLater.json().error.fields.dueAt).toBeDefined();
    const noReason = await w.post(w.supervisor, `/api/theses/${th.id}/return`, { ...body, reason: "" });
    expect(noReason.json().error.fields.reason).toBe(MSG.thesisReasonRequired);
    expect((await w.post(w.examiner, `/api/theses/${th.id}/return`, body)).statusCode).toBe(403);
    expect((await w.post(th.students[0], `/api/theses/${th.id}/return`, body)).statusCode).toBe(403);
    expect((await w.post(w.outsiderTeacher, `/api/theses/${th.id}/return`, body)).statusCode).toBe(404);
    await t.database.db.update(theses).set({ firstAssessedAt: new Date() }).where(eq(theses.id, th.id));
    const assessed = await w.post(w.supervisor, `/api/theses/${th.id}/return`, body);
    expect(assessed.statusCode).toBe(409);
    expect(assessed.json().error.message).toBe(MSG.assessmentStarted);
    expect((await w.thesisRow(th.id)).state).toBe("Submitted");
  });
});
