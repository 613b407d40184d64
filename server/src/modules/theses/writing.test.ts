import { MSG } from "@shared/messages";
import type { Thesis } from "@shared/schemas/theses";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRows } from "../../db/query";
import { theses } from "../../db/schema";
import { createTestApp, makeStudent, type TestContext, type TestUser } from "../../test/app";
import { thesisWorld } from "../../test/thesis-world";
import { thesesOverdueDigestJob } from "./overdue-digest.job";

/**
 * A thesis being written (DESIGN.md §16): drafts kept as versions, extension requests and their
 * decisions (the committee's standing over the supervisor's), a record of failure, a member
 * removed; who may do each (404 for those who may not see the thesis, 403 for a party who never
 * may, 409 when not now), bad input by name, races, the people told, and the committee's digest.
 */

let t: TestContext;
let w: Awaited<ReturnType<typeof thesisWorld>>;
let supervisor: TestUser;
let examiner: TestUser;
let outsiderTeacher: TestUser;
let committee: TestUser;

const DAY = 24 * 3600 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  w = await thesisWorld(t);
  ({ supervisor, examiner, outsiderTeacher, committee } = w);
});
afterAll(async () => t?.close());

const send = (...a: Parameters<typeof w.send>) => w.send(...a);
const post = (...a: Parameters<typeof w.post>) => w.post(...a);
const get = (...a: Parameters<typeof w.get>) => w.get(...a);
const writing = () => w.writing();
const upload = (u: TestUser) => w.upload(u);
const thesisRow = (id: string) => w.thesisRow(id);
const timeline = (proposalId: string) => w.timeline(proposalId);
const emailsTo = (userId: string, kind?: string) => w.emailsTo(userId, kind);
const writingOf = (u: TestUser, id: string) => w.writingOf(u, id);

describe("POST /api/theses/:id/drafts", () => {
  it("a member uploads drafts, kept as numbered versions newest first; the others and the teachers are told, the uploader not", async () => {
    const th = await writing();
    const [a, b] = th.students;
    for (const u of [a, b]) {
      const res = await post(u, `/api/theses/${th.id}/drafts`, { documentId: await upload(u) });
      expect(res.statusCode).toBe(201);
      expect((res.json().thesis as Thesis).state).toBe("Writing");
    }
    const w = await writingOf(supervisor, th.id);
    expect(w.drafts.map((d) => [d.number, d.author.name, d.final])).toEqual([
      [2, "Ben Member", false],
      [1, "Ana Member", false],
    ]);
    expect(
      (await timeline(th.proposalId)).filter((r) => r.action === "uploadDraft").map((r) => r.subject_name),
    ).toEqual(["draft 1", "draft 2"]);
    expect((await emailsTo(supervisor.id)).some((e) => e.subject.startsWith("New draft: "))).toBe(true);
    expect((await emailsTo(b.id)).some((e) => e.body.includes("Ana Member uploaded draft 1"))).toBe(true);
    expect((await emailsTo(a.id)).some((e) => e.body.includes("Ana Member uploaded draft 1"))).toBe(false);
    // The second examiner reads a draft; a student of another group does not (404).
    const doc = w.drafts[0].document.id;
    expect((await get(examiner, `/api/files/${doc}`)).statusCode).toBe(200);
    expect((await get(await makeStudent(t), `/api/files/${doc}`)).statusCode).toBe(404);
  });

  it("refused: another person's document (400 documentId), not a uuid (400), a teacher (403), a stranger (404), signed out (401), after submission (409)", async () => {
    const th = await writing();
    const [a, b] = th.students;
    const others = await post(a, `/api/theses/${th.id}/drafts`, { documentId: await upload(b) });
    expect(others.statusCode).toBe(400);
    expect(others.json().error.fields.documentId).toBeDefined();
    const bad = await post(a, `/api/theses/${th.id}/drafts`, { documentId: "nope" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.documentId).toBe(MSG.draftDocumentRequired);
    expect(
      (await post(supervisor, `/api/theses/${th.id}/drafts`, { documentId: await upload(a) })).statusCode,
    ).toBe(403);
    const stranger = await makeStudent(t);
    expect(
      (await post(stranger, `/api/theses/${th.id}/drafts`, { documentId: await upload(stranger) }))
        .statusCode,
    ).toBe(404);
    expect(
      (await post(null, `/api/theses/${th.id}/drafts`, { documentId: await upload(a) })).statusCode,
    ).toBe(401);
    await t.database.db.update(theses).set({ state: "Submitted" }).where(eq(theses.id, th.id));
    const late = await post(a, `/api/theses/${th.id}/drafts`, { documentId: await upload(a) });
    expect(late.statusCode).toBe(409);
    expect((await writingOf(committee, th.id)).drafts).toEqual([]);
  });
});

describe("POST /api/theses/:id/extension and …/extension/decision", () => {
  const later = (from: Date, days: number) => new Date(from.getTime() + days * DAY).toISOString();

  it("a member asks (also past due); the supervisor approves (due moved); the committee's refusal stands over it (due restored)", async () => {
    const th = await writing();
    // Past due: still allowed to ask.
    const past = new Date(Date.now() - DAY);
    await t.database.db
      .update(theses)
      .set({ dueAt: past, startedAt: new Date(past.getTime() - 30 * DAY) })
      .where(eq(theses.id, th.id));
    const asked = later(past, 30);
    const req = await post(th.students[0], `/api/theses/${th.id}/extension`, {
      dueAt: asked,
      reason: "Ill for a month.",
    });
    expect(req.statusCode).toBe(201);
    expect((await emailsTo(supervisor.id)).some((e) => e.subject.startsWith("Extension requested"))).toBe(
      true,
    );
    const ok = await post(supervisor, `/api/theses/${th.id}/extension/decision`, {
      approve: true,
      note: "Get well.",
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().thesis.dueAt).toBe(asked);
    expect(ok.json().thesis.overdue).toBe(false);
    // Decided: the supervisor cannot decide it again.
    const again = await post(supervisor, `/api/theses/${th.id}/extension/decision`, { approve: false });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(MSG.extensionDecided);
    // The committee refuses: the due date before the request comes back.
    const over = await post(committee, `/api/theses/${th.id}/extension/decision`, {
      approve: false,
      note: "No.",
    });
    expect(over.statusCode).toBe(200);
    expect(over.json().thesis.dueAt).toBe(past.toISOString());
    expect(over.json().thesis.overdue).toBe(true);
    const w = await writingOf(th.students[1], th.id);
    expect(w.extension).toMatchObject({
      state: "refused",
      decidedAs: "committee",
      note: "No.",
      reason: "Ill for a month.",
    });
    // The committee's decision stands: neither may decide it again.
    for (const u of [supervisor, committee])
      expect(
        (await post(u, `/api/theses/${th.id}/extension/decision`, { approve: true })).json().error.message,
      ).toBe(MSG.extensionDecidedByCommittee);
    expect((await timeline(th.proposalId)).map((r) => r.action)).toEqual([
      "start",
      "requestExtension",
      "decideExtension",
      "decideExtension",
    ]);
  });

  it("the committee approves an open request with a date of its own", async () => {
    const th = await writing();
    await post(th.students[0], `/api/theses/${th.id}/extension`, {
      dueAt: later(th.dueAt, 10),
      reason: "Data late.",
    });
    const res = await post(committee, `/api/theses/${th.id}/extension/decision`, {
      approve: true,
      dueAt: later(th.dueAt, 20),
      note: "",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().thesis.dueAt).toBe(later(th.dueAt, 20));
  });

  it("refused: one open at a time (409), a date not later (400 naming the current one), no reason, no date, a teacher asking (403), a stranger (404)", async () => {
    const th = await writing();
    const [a] = th.students;
    const notLater = await post(a, `/api/theses/${th.id}/extension`, {
      dueAt: th.dueAt.toISOString(),
      reason: "R.",
    });
    expect(notLater.statusCode).toBe(400);
    expect(notLater.json().error.fields.dueAt).toMatch(
      /^The new due date must be later than the current one \(/,
    );
    const noReason = await post(a, `/api/theses/${th.id}/extension`, {
      dueAt: later(th.dueAt, 5),
      reason: " ",
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields.reason).toBe(MSG.thesisReasonRequired);
    const noDate = await post(a, `/api/theses/${th.id}/extension`, { dueAt: "next week", reason: "R." });
    expect(noDate.json().error.fields.dueAt).toBe(MSG.thesisDueAtInvalid);
    expect(
      (await post(supervisor, `/api/theses/${th.id}/extension`, { dueAt: later(th.dueAt, 5), reason: "R." }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await post(await makeStudent(t), `/api/theses/${th.id}/extension`, {
          dueAt: later(th.dueAt, 5),
          reason: "R.",
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await post(a, `/api/theses/${th.id}/extension`, { dueAt: later(th.dueAt, 5), reason: "R." }))
        .statusCode,
    ).toBe(201);
    const second = await post(th.students[1], `/api/theses/${th.id}/extension`, {
      dueAt: later(th.dueAt, 9),
      reason: "R.",
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(MSG.extensionOpen);
  });

  it("decision refused: nothing to decide (409), an earlier date (400), a student (403), the second examiner (403), another teacher (404), a bad body (400)", async () => {
    const th = await writing();
    const none = await post(supervisor, `/api/theses/${th.id}/extension/decision`, { approve: true });
    expect(none.statusCode).toBe(409);
    expect(none.json().error.message).toBe(MSG.noExtensionToDecide);
    await post(th.students[0], `/api/theses/${th.id}/extension`, {
      dueAt: later(th.dueAt, 10),
      reason: "R.",
    });
    const earlier = await post(supervisor, `/api/theses/${th.id}/extension/decision`, {
      approve: true,
      dueAt: later(th.dueAt, -1),
    });
    expect(earlier.statusCode).toBe(400);
    expect(earlier.json().error.fields.dueAt).toBeDefined();
    expect(
      (await post(th.students[0], `/api/theses/${th.id}/extension/decision`, { approve: true })).statusCode,
    ).toBe(403);
    expect(
      (await post(examiner, `/api/theses/${th.id}/extension/decision`, { approve: true })).statusCode,
    ).toBe(403);
    expect(
      (await post(outsiderTeacher, `/api/theses/${th.id}/extension/decision`, { approve: true })).statusCode,
    ).toBe(404);
    const bad = await post(supervisor, `/api/theses/${th.id}/extension/decision`, { approve: "yes" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.approve).toBeDefined();
    expect((await writingOf(supervisor, th.id)).extension?.state).toBe("open");
    expect((await thesisRow(th.id)).dueAt.toISOString()).toBe(th.dueAt.toISOString());
  });

  it("races: two simultaneous decisions decide once; two simultaneous requests open one", async () => {
    const th = await writing();
    const [r1, r2] = await Promise.all([
      post(th.students[0], `/api/theses/${th.id}/extension`, { dueAt: later(th.dueAt, 10), reason: "One." }),
      post(th.students[1], `/api/theses/${th.id}/extension`, { dueAt: later(th.dueAt, 12), reason: "Two." }),
    ]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([201, 409]);
    const [d1, d2] = await Promise.all([
      post(supervisor, `/api/theses/${th.id}/extension/decision`, { approve: true }),
      post(supervisor, `/api/theses/${th.id}/extension/decision`, { approve: false }),
    ]);
    expect([d1.statusCode, d2.statusCode].sort()).toEqual([200, 409]);
    expect((await timeline(th.proposalId)).filter((r) => r.action === "decideExtension")).toHaveLength(1);
  });
});

describe("POST /api/theses/:id/fail", () => {
  it("the committee records a thesis in Writing as failed: Graded, the scale's fail grade for every member, the members told", async () => {
    const th = await writing();
    const res = await post(committee, `/api/theses/${th.id}/fail`, { reason: "Nothing was submitted." });
    expect(res.statusCode).toBe(200);
    expect(res.json().thesis.state).toBe("Graded");
    const grades = await selectRows<{ student_id: string; grade: string; source: string }>(
      t.database.db,
      sql`select student_id, grade, source from thesis_grades where thesis_id = ${th.id} order by student_id`,
    );
    expect(grades).toEqual(
      th.students
        .map((s) => ({ student_id: s.id, grade: "5.0", source: "failed" }))
        .sort((x, y) => x.student_id.localeCompare(y.student_id)),
    );
    // Students see it as Submitted until release, and no email names a grade.
    expect((await get(th.students[0], `/api/theses/${th.id}`)).json().thesis.state).toBe("Submitted");
    const told = await emailsTo(th.students[0].id);
    expect(told.some((e) => e.subject.startsWith("Thesis recorded as failed"))).toBe(true);
    expect(told.some((e) => e.body.includes("5.0"))).toBe(false);
  });

  it("refused: no reason (400), a supervisor or a member (403), from Submitted (409)", async () => {
    const th = await writing();
    const noReason = await post(committee, `/api/theses/${th.id}/fail`, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields.reason).toBeDefined();
    expect((await post(supervisor, `/api/theses/${th.id}/fail`, { reason: "R." })).statusCode).toBe(403);
    expect((await post(th.students[0], `/api/theses/${th.id}/fail`, { reason: "R." })).statusCode).toBe(403);
    await t.database.db.update(theses).set({ state: "Submitted" }).where(eq(theses.id, th.id));
    expect((await post(committee, `/api/theses/${th.id}/fail`, { reason: "R." })).statusCode).toBe(409);
  });
});

describe("DELETE /api/theses/:id/members/:studentId", () => {
  it("the committee removes a member with a reason: their place freed, the thesis no longer theirs to see, the rest told", async () => {
    const th = await writing();
    const [a, b] = th.students;
    const res = await send("DELETE", committee, `/api/theses/${th.id}/members/${b.id}`, {
      reason: "Left the university.",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().thesis.members.map((m: { id: string }) => m.id)).toEqual([a.id]);
    const [m] = await selectRows<{ state: string; active: boolean }>(
      t.database.db,
      sql`select state, active from proposal_members where proposal_id = ${th.proposalId} and user_id = ${b.id}`,
    );
    expect(m).toEqual({ state: "left", active: false });
    expect((await get(b, `/api/theses/${th.id}`)).statusCode).toBe(404);
    expect((await emailsTo(b.id)).some((e) => e.subject.startsWith("Member removed"))).toBe(true);
    expect((await emailsTo(a.id)).some((e) => e.body.includes("removed Ben Member"))).toBe(true);
    expect((await timeline(th.proposalId)).at(-1)).toEqual({
      action: "removeMember",
      subject_name: "Ben Member",
      note: "Left the university.",
    });
  });

  it("refused: the last member (409), not a member (404), no reason (400), a supervisor (403), in Submitted (409)", async () => {
    const th = await writing();
    const [a, b] = th.students;
    expect((await send("DELETE", committee, `/api/theses/${th.id}/members/${b.id}`, {})).statusCode).toBe(
      400,
    );
    expect(
      (await send("DELETE", supervisor, `/api/theses/${th.id}/members/${b.id}`, { reason: "R." })).statusCode,
    ).toBe(403);
    const stranger = await makeStudent(t);
    const notMember = await send("DELETE", committee, `/api/theses/${th.id}/members/${stranger.id}`, {
      reason: "R.",
    });
    expect(notMember.statusCode).toBe(404);
    expect(notMember.json().error.message).toBe(MSG.notAMember);
    expect(
      (await send("DELETE", committee, `/api/theses/${th.id}/members/${b.id}`, { reason: "R." })).statusCode,
    ).toBe(200);
    const last = await send("DELETE", committee, `/api/theses/${th.id}/members/${a.id}`, { reason: "R." });
    expect(last.statusCode).toBe(409);
    expect(last.json().error.message).toBe(MSG.lastMember);
    await t.database.db.update(theses).set({ state: "Submitted" }).where(eq(theses.id, th.id));
    expect(
      (await send("DELETE", committee, `/api/theses/${th.id}/members/${a.id}`, { reason: "R." })).statusCode,
    ).toBe(409);
  });
});

describe("the committee's daily digest of overdue theses", () => {
  it("lists every thesis in Writing past due, with its members, to each committee member; nothing when none is", async () => {
    const th = await writing();
    const past = new Date(Date.now() - 2 * DAY);
    await t.database.db
      .update(theses)
      .set({ dueAt: past, startedAt: new Date(past.getTime() - 30 * DAY) })
      .where(eq(theses.id, th.id));
    const job = thesesOverdueDigestJob({ publicUrl: "http://x", timeZone: "UTC", hour: 7 });
    await job.run(t.database.db, new Date(), () => {});
    const [digest] = (await emailsTo(committee.id, "theses.overdue")).slice(-1);
    expect(digest.body).toContain("Ana Member, Ben Member");
    expect(digest.body).toContain("http://x/committee/theses?overdue=true");
    // Once it is no longer overdue (an extension), the next digest leaves it out.
    await t.database.db
      .update(theses)
      .set({ state: "Cancelled" })
      .where(sql`state = 'Writing' and due_at < now()`);
    const before = (await emailsTo(committee.id, "theses.overdue")).length;
    await job.run(t.database.db, new Date(), () => {});
    expect((await emailsTo(committee.id, "theses.overdue")).length).toBe(before);
  });
});
