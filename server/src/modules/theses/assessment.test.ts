import { MSG } from "@shared/messages";
import type { Assessments } from "@shared/schemas/assessments";
import type { LiveEvent } from "@shared/schemas/events";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRows } from "../../db/query";
import { terms, theses, users } from "../../db/schema";
import {
  createTestApp,
  makeCommittee,
  makeStudent,
  makeSupervisor,
  type TestContext,
  type TestUser,
} from "../../test/app";
import { thesisWorld } from "../../test/thesis-world";
import { thesesOverdueDigestJob } from "./overdue-digest.job";

/**
 * The examiners and the blind double marking (DESIGN.md §17): naming and replacing examiners, each
 * examiner's assessment (validated against the term's rubric and scale, changeable until the
 * other's), blind reading, the decision per member under the thesis row's lock (real parallel
 * requests), the committee's final grades on Disputed; no student hears of any of it.
 */

let t: TestContext;
let w: Awaited<ReturnType<typeof thesisWorld>>;

beforeAll(async () => {
  t = await createTestApp();
  w = await thesisWorld(t);
});
afterAll(async () => t?.close());

/** A submitted thesis (german scale, tolerance 1): its supervisor first examiner, Dr. Second the second. */
async function submitted(rubric?: { name: string; weight: number; description: string }[]) {
  const th = await w.writing();
  if (rubric) await t.database.db.update(terms).set({ rubric }).where(eq(terms.id, th.termId));
  const [a, b] = th.students;
  expect((await w.post(a, `/api/theses/${th.id}/drafts`, { documentId: await w.upload(a) })).statusCode).toBe(
    201,
  );
  for (const u of [a, b]) await w.send("PUT", u, `/api/theses/${th.id}/declaration`, { declaration: true });
  expect((await w.post(a, `/api/theses/${th.id}/submission`, {})).statusCode).toBe(200);
  return th;
}

type Th = Awaited<ReturnType<typeof submitted>>;
const examiners = (u: TestUser | null, id: string, body: object) =>
  w.send("PUT", u, `/api/theses/${id}/examiners`, body);
const assess = (u: TestUser | null, id: string, body: object) =>
  w.send("PUT", u, `/api/theses/${id}/assessment`, body);
/** An assessment giving both members `grades` (one value for all, or one each). */
const body = (th: Th, grades: string | [string, string], more: object = {}) => ({
  scores: { Overall: 70 },
  grades: Object.fromEntries(
    th.students.map((s, i) => [s.id, typeof grades === "string" ? grades : grades[i]]),
  ),
  studentComment: "Well argued.",
  internalComment: "SECRET-INTERNAL",
  ...more,
});
const read = async (u: TestUser, id: string) => {
  const res = await w.get(u, `/api/theses/${id}/assessments`);
  expect(res.statusCode).toBe(200);
  return res.json().assessments as Assessments;
};
const gradesOf = (id: string) =>
  selectRows<{ student_id: string; grade: string; source: string }>(
    t.database.db,
    sql`select student_id, grade, source from thesis_grades where thesis_id = ${id} order by grade`,
  );
const assessmentCount = async (id: string) =>
  (await selectRows(t.database.db, sql`select 1 from thesis_assessments where thesis_id = ${id}`)).length;

describe("what waits for an examiner (yourAssessment)", () => {
  it("each examiner sees their own assessment due at submission + markingDays, and in once sent; no one else sees it", async () => {
    const th = await submitted();
    const row = await w.thesisRow(th.id);
    const due = new Date(row.submittedAt!.getTime() + 28 * 24 * 3600 * 1000).toISOString();
    const mine = async (u: TestUser) => (await w.get(u, `/api/theses/${th.id}`)).json().thesis.yourAssessment;
    expect(await mine(w.supervisor)).toEqual({ dueAt: due, in: false });
    expect(await mine(w.examiner)).toEqual({ dueAt: due, in: false });
    for (const u of [w.committee, th.students[0]]) expect(await mine(u)).toBeNull();
    expect((await assess(w.supervisor, th.id, body(th, "2.0"))).statusCode).toBe(200);
    expect(await mine(w.supervisor)).toEqual({ dueAt: due, in: true });
    // Each sees their own: the second examiner's is still not in.
    expect(await mine(w.examiner)).toEqual({ dueAt: due, in: false });
    const listed = (await w.get(w.examiner, `/api/theses?examinerId=${w.examiner.id}&termId=all`)).json()
      .items;
    expect(listed.find((x: { id: string }) => x.id === th.id).yourAssessment).toEqual({
      dueAt: due,
      in: false,
    });
  });
});

describe("PUT /api/theses/:id/examiners", () => {
  it("the committee names a second examiner (an external teacher with no cell), who is told; and replaces the first", async () => {
    const th = await w.writing();
    const external = await makeSupervisor(t, { name: "Dr. External" });
    const res = await examiners(w.committee, th.id, { secondExaminerId: external.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().thesis.secondExaminer).toEqual({ id: external.id, name: "Dr. External" });
    expect(res.json().thesis.actions).toContain("nameExaminer");
    expect((await w.emailsTo(external.id)).some((e) => e.subject.startsWith("Examiner named"))).toBe(true);
    expect(await w.emailsTo(th.students[0].id)).toEqual([]);
    const first = await examiners(w.committee, th.id, { firstExaminerId: w.examiner.id });
    expect(first.statusCode).toBe(200);
    expect(first.json().thesis.firstExaminer.id).toBe(w.examiner.id);
    expect((await w.timeline(th.proposalId)).filter((r) => r.action === "nameExaminer")).toHaveLength(2);
  });

  it("bad input, each by name, nothing changed: a member, a student, the committee, deactivated, unknown, the supervisor as second, one person twice, nothing named", async () => {
    const th = await w.writing();
    const gone = await makeSupervisor(t);
    await t.database.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, gone.id));
    const cases: [object, string, string][] = [
      [{ secondExaminerId: th.students[0].id }, "secondExaminerId", MSG.examinerIsMember],
      [{ secondExaminerId: (await makeStudent(t)).id }, "secondExaminerId", MSG.examinerNotTeacher],
      [{ secondExaminerId: w.committee.id }, "secondExaminerId", MSG.examinerNotTeacher],
      [{ secondExaminerId: gone.id }, "secondExaminerId", MSG.examinerDeactivated],
      [
        { secondExaminerId: "00000000-0000-4000-8000-000000000000" },
        "secondExaminerId",
        MSG.examinerNotFound,
      ],
      [{ secondExaminerId: w.supervisor.id }, "secondExaminerId", MSG.secondExaminerIsSupervisor],
      [{ firstExaminerId: w.examiner.id }, "firstExaminerId", MSG.examinerTwice],
      [{}, "secondExaminerId", MSG.examinerRequired],
    ];
    for (const [payload, field, message] of cases) {
      const res = await examiners(w.committee, th.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.fields[field]).toBe(message);
    }
    const row = await w.thesisRow(th.id);
    expect([row.firstExaminerId, row.secondExaminerId]).toEqual([w.supervisor.id, w.examiner.id]);
  });

  it("refused: a teacher or a student (403); once that examiner's assessment is in (409), the other still replaceable", async () => {
    const th = await submitted();
    const other = await makeSupervisor(t);
    expect((await examiners(w.supervisor, th.id, { secondExaminerId: other.id })).statusCode).toBe(403);
    expect((await examiners(th.students[0], th.id, { secondExaminerId: other.id })).statusCode).toBe(403);
    expect((await assess(w.examiner, th.id, body(th, "2.0"))).statusCode).toBe(200);
    const late = await examiners(w.committee, th.id, { secondExaminerId: other.id });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(MSG.examinerAssessed("second"));
    expect((await w.thesisRow(th.id)).secondExaminerId).toBe(w.examiner.id);
    expect((await examiners(w.committee, th.id, { firstExaminerId: other.id })).statusCode).toBe(200);
  });
});

describe("PUT /api/theses/:id/assessment", () => {
  it("refused: a member or the committee (403), a teacher who does not see it (404), the supervisor no longer examining (403), in Writing (409)", async () => {
    const writing = await w.writing();
    const early = await assess(w.supervisor, writing.id, body(writing, "2.0"));
    expect(early.statusCode).toBe(409);
    const th = await submitted();
    expect((await assess(th.students[0], th.id, body(th, "2.0"))).statusCode).toBe(403);
    expect((await assess(w.committee, th.id, body(th, "2.0"))).statusCode).toBe(403);
    expect((await assess(w.outsiderTeacher, th.id, body(th, "2.0"))).statusCode).toBe(404);
    await examiners(w.committee, th.id, { firstExaminerId: w.outsiderTeacher.id });
    expect((await assess(w.supervisor, th.id, body(th, "2.0"))).statusCode).toBe(403);
    expect(await assessmentCount(th.id)).toBe(0);
  });

  it("bad input by name, nothing changed: unknown component, missing component, score out of range or not whole, grade not on the scale, missing member, a non-member", async () => {
    const th = await submitted([
      { name: "Content", weight: 60, description: "" },
      { name: "Form", weight: 40, description: "" },
    ]);
    const good = { Content: 80, Form: 60 };
    const stranger = (await makeStudent(t)).id;
    const cases: [object, string, string][] = [
      [{ scores: { ...good, Style: 50 } }, "scores", MSG.scoreUnknownComponent("Style")],
      [{ scores: { Content: 80 } }, "scores", MSG.scoreMissing("Form")],
      [{ scores: { Content: 101, Form: 60 } }, "scores.Content", MSG.scoresInvalid],
      [{ scores: { Content: 1.5, Form: 60 } }, "scores.Content", MSG.scoresInvalid],
      [
        { scores: good, grades: { [th.students[0].id]: "1.5", [th.students[1].id]: "2.0" } },
        "grades",
        MSG.gradeNotOnScale("1.5", "german"),
      ],
      [{ scores: good, grades: { [th.students[0].id]: "2.0" } }, "grades", MSG.gradeMissing("Ben Member")],
      [
        { scores: good, grades: { ...body(th, "2.0").grades, [stranger]: "2.0" } },
        "grades",
        MSG.gradeNotAMember,
      ],
    ];
    for (const [more, field, message] of cases) {
      const res = await assess(w.supervisor, th.id, body(th, "2.0", more));
      expect(res.statusCode, JSON.stringify(more)).toBe(400);
      expect(res.json().error.fields[field]).toBe(message);
    }
    expect(await assessmentCount(th.id)).toBe(0);
    expect((await w.thesisRow(th.id)).firstAssessedAt).toBeNull();
    const ok = await assess(w.supervisor, th.id, body(th, "2.0", { scores: good }));
    expect(ok.statusCode).toBe(200);
    expect((await read(w.supervisor, th.id)).first.content?.weightedScore).toBe(72);
  });

  it("blind until both are in: the author reads their own (and changes it); others see only that it is in; students see Submitted and hear nothing", async () => {
    const th = await submitted();
    const [a] = th.students;
    const heard: Record<string, LiveEvent[]> = { a: [], sup: [] };
    const stops = [
      t.app.events.subscribe(a.id, "assessment-test-a", (e) => heard.a!.push(e)),
      t.app.events.subscribe(w.supervisor.id, "assessment-test-s", (e) => heard.sup!.push(e)),
    ];
    // What a member's answer is before anything is marked: it must not change until release.
    const before = (await w.get(a, `/api/theses/${th.id}`)).json().thesis;
    expect((await assess(w.supervisor, th.id, body(th, "1.7"))).statusCode).toBe(200);
    const changed = await assess(w.supervisor, th.id, body(th, "2.0", { studentComment: "Changed." }));
    expect(changed.statusCode).toBe(200);
    expect(changed.json().thesis.state).toBe("Submitted");

    const own = await read(w.supervisor, th.id);
    expect(own.first.content).toMatchObject({ grades: body(th, "2.0").grades, studentComment: "Changed." });
    expect(own.dueAt).not.toBeNull();
    for (const u of [w.committee, w.examiner]) {
      const seen = await read(u, th.id);
      expect(seen.first.submittedAt).not.toBeNull();
      expect(seen.first.content).toBeNull();
      expect(seen.grades).toBeNull();
      expect(JSON.stringify(seen)).not.toContain("SECRET-INTERNAL");
    }
    expect((await w.get(a, `/api/theses/${th.id}/assessments`)).statusCode).toBe(403);

    // The second: both in, decided (2.0 and 2.3 within one step: 2.0, halfway towards the better).
    const second = await assess(w.examiner, th.id, body(th, "2.3"));
    expect(second.statusCode).toBe(200);
    expect(second.json().thesis.state).toBe("Graded");
    await expect
      .poll(() => heard.sup!.some((e) => e.type === "thesis.changed" && e.action === "decide"))
      .toBe(true);
    for (const stop of stops) stop?.();

    // A student: Submitted, only their consent to Public, no marking on the timeline, no email or event, never the internal comment.
    const mine = await w.get(a, `/api/theses/${th.id}`);
    expect(mine.json().thesis).toMatchObject({ state: "Submitted", actions: ["consentPublication"] });
    // Not even its time of change tells them something happened.
    expect(mine.json().thesis).toEqual(before);
    const list = await w.get(a, "/api/theses");
    expect(JSON.stringify(list.json())).not.toMatch(/Graded|Disputed/);
    const timeline = await w.get(a, `/api/proposals/${th.proposalId}/timeline`);
    expect(timeline.statusCode).toBe(200);
    const actions = (timeline.json().items as { action: string }[]).map((i) => i.action);
    expect(actions).not.toContain("assess");
    expect(actions).not.toContain("decide");
    for (const res of [mine, list, timeline])
      expect(res.body).not.toMatch(/SECRET-INTERNAL|Well argued|Changed\./);
    const emails = await w.emailsTo(a.id);
    expect(emails.map((e) => e.subject).join()).not.toMatch(/assess|Graded|Disputed|grade/i);
    expect(heard.a!.filter((e) => e.type === "thesis.changed")).toEqual([]);

    // The examiners and the committee read both now, and the grade.
    for (const u of [w.committee, w.examiner, w.supervisor]) {
      const both = await read(u, th.id);
      expect(both.first.content?.internalComment).toBe("SECRET-INTERNAL");
      expect(both.second.content?.grades[a.id]).toBe("2.3");
      expect(both.grades?.map((g) => [g.grade, g.disputed])).toEqual([
        ["2.0", false],
        ["2.0", false],
      ]);
    }
    expect((await gradesOf(th.id)).map((g) => g.source)).toEqual(["marking", "marking"]);
    // Decided: neither examiner changes theirs any more.
    expect((await assess(w.examiner, th.id, body(th, "1.0"))).statusCode).toBe(409);
  });

  it("per member: one agreed and one disputed (pass against fail) → Disputed, the agreed grade kept", async () => {
    const th = await submitted();
    expect((await assess(w.supervisor, th.id, body(th, ["1.0", "4.0"]))).statusCode).toBe(200);
    const res = await assess(w.examiner, th.id, body(th, ["1.3", "5.0"]));
    expect(res.json().thesis.state).toBe("Disputed");
    expect((await w.get(th.students[1], `/api/theses/${th.id}`)).json().thesis.state).toBe("Submitted");
    const seen = await read(w.committee, th.id);
    expect(seen.grades?.map((g) => [g.member.name, g.grade, g.disputed])).toEqual([
      ["Ana Member", "1.0", false],
      ["Ben Member", null, true],
    ]);
  });

  it("beyond the tolerance (two steps apart with tolerance 1) → Disputed; at the edge (one step) → Graded", async () => {
    const far = await submitted();
    await assess(w.supervisor, far.id, body(far, "1.0"));
    expect((await assess(w.examiner, far.id, body(far, "1.7"))).json().thesis.state).toBe("Disputed");
    const edge = await submitted();
    await assess(w.supervisor, edge.id, body(edge, "1.0"));
    expect((await assess(w.examiner, edge.id, body(edge, "1.3"))).json().thesis.state).toBe("Graded");
    expect((await gradesOf(edge.id)).map((g) => g.grade)).toEqual(["1.0", "1.0"]);
  });

  it("two simultaneous last assessments (real parallel requests) decide once", async () => {
    const th = await submitted();
    const [r1, r2] = await Promise.all([
      assess(w.supervisor, th.id, body(th, "2.0")),
      assess(w.examiner, th.id, body(th, "2.0")),
    ]);
    expect([r1.statusCode, r2.statusCode]).toEqual([200, 200]);
    expect((await w.thesisRow(th.id)).state).toBe("Graded");
    expect((await w.timeline(th.proposalId)).filter((r) => r.action === "decide")).toHaveLength(1);
    expect(await gradesOf(th.id)).toHaveLength(2);
  });
});

describe("POST /api/theses/:id/final-grades", () => {
  async function disputed() {
    const th = await submitted();
    await assess(w.supervisor, th.id, body(th, ["2.0", "4.0"]));
    expect((await assess(w.examiner, th.id, body(th, ["2.3", "5.0"]))).json().thesis.state).toBe("Disputed");
    return th;
  }
  const finals = (u: TestUser, id: string, payload: object) =>
    w.post(u, `/api/theses/${id}/final-grades`, payload);

  it("the committee sets the disputed member's grade with a reason: Graded; students still see Submitted", async () => {
    const th = await disputed();
    const [a, b] = th.students;
    const res = await finals(w.committee, th.id, {
      grades: { [b.id]: "4.0" },
      reason: "Third reader agreed.",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().thesis.state).toBe("Graded");
    expect(await gradesOf(th.id)).toEqual([
      { student_id: a.id, grade: "2.0", source: "marking" },
      { student_id: b.id, grade: "4.0", source: "committee" },
    ]);
    expect((await w.get(b, `/api/theses/${th.id}`)).json().thesis.state).toBe("Submitted");
    const timeline = await w.get(b, `/api/proposals/${th.proposalId}/timeline`);
    expect(timeline.body).not.toMatch(/setFinalGrades|Third reader/);
  });

  it("bad input by name, nothing changed; an examiner or a student (403); on Submitted (409)", async () => {
    const th = await disputed();
    const [a, b] = th.students;
    const cases: [object, string, string][] = [
      [{ grades: {}, reason: "x" }, "grades", MSG.gradeMissing("Ben Member")],
      [{ grades: { [b.id]: "4.5" }, reason: "x" }, "grades", MSG.gradeNotOnScale("4.5", "german")],
      [
        { grades: { [b.id]: "4.0", [a.id]: "1.0" }, reason: "x" },
        "grades",
        MSG.gradeNotDisputed("Ana Member"),
      ],
      [{ grades: { [b.id]: "4.0" }, reason: " " }, "reason", MSG.thesisReasonRequired],
    ];
    for (const [payload, field, message] of cases) {
      const res = await finals(w.committee, th.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.fields[field]).toBe(message);
    }
    expect((await w.thesisRow(th.id)).state).toBe("Disputed");
    expect((await gradesOf(th.id)).map((g) => g.student_id)).toEqual([a.id]);
    const ok = { grades: { [b.id]: "4.0" }, reason: "x" };
    expect((await finals(w.examiner, th.id, ok)).statusCode).toBe(403);
    expect((await finals(b, th.id, ok)).statusCode).toBe(403);
    const sub = await submitted();
    expect((await finals(w.committee, sub.id, ok)).statusCode).toBe(409);
  });
});

describe("the committee's daily digest of overdue assessments", () => {
  it("lists each submitted thesis past submission + markingDays with the examiners still awaited; not once decided", async () => {
    const th = await submitted();
    expect((await assess(w.supervisor, th.id, body(th, "2.0"))).statusCode).toBe(200);
    const long = new Date(Date.now() - 40 * 24 * 3600 * 1000);
    await t.database.db.update(theses).set({ submittedAt: long }).where(eq(theses.id, th.id));
    const job = thesesOverdueDigestJob({ publicUrl: "http://x", timeZone: "UTC", hour: 7 });
    await job.run(t.database.db, new Date(), () => {});
    const [digest] = (await w.emailsTo(w.committee.id, "assessments.overdue")).slice(-1);
    expect(digest!.body).toContain("waiting for Dr. Second");
    expect(digest!.body).not.toContain("Prof. First");
    expect((await assess(w.examiner, th.id, body(th, "2.0"))).statusCode).toBe(200);
    await t.database.db.execute(sql`update theses set state = 'Cancelled' where state = 'Submitted'`);
    const before = (await w.emailsTo(w.committee.id, "assessments.overdue")).length;
    await job.run(t.database.db, new Date(), () => {});
    expect((await w.emailsTo(w.committee.id, "assessments.overdue")).length).toBe(before);
  });
});

describe("a named examiner deactivated", () => {
  it("tells the committee (but the one deactivating) of each thesis whose assessment from them is not in", async () => {
    const th = await w.writing();
    const other = await makeCommittee(t);
    const leaving = await makeSupervisor(t, { name: "Dr. Leaving" });
    expect((await examiners(w.committee, th.id, { secondExaminerId: leaving.id })).statusCode).toBe(200);
    expect((await w.post(w.committee, `/api/users/${leaving.id}/deactivate`)).statusCode).toBe(200);
    const [told] = await w.emailsTo(other.id, "examiner.deactivated");
    expect(told!.subject).toBe("An examiner was deactivated: Dr. Leaving");
    expect(told!.body).toContain(`(second examiner): http://`);
    expect(told!.body).toContain(`/committee/theses/${th.id}`);
    expect(await w.emailsTo(w.committee.id, "examiner.deactivated")).toEqual([]);
    // A teacher examining nothing: no email.
    const idle = await makeSupervisor(t);
    expect((await w.post(w.committee, `/api/users/${idle.id}/deactivate`)).statusCode).toBe(200);
    expect(await w.emailsTo(other.id, "examiner.deactivated")).toHaveLength(1);
  });
});
