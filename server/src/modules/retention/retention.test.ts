import { MSG } from "@shared/messages";
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRow, selectRows } from "../../db/query";
import { messages, notices, proposalVersions, scheduledJobs, thesisDrafts, users } from "../../db/schema";
import { Scheduler } from "../../lib/scheduler";
import { createTestApp, makeStudent, sessionHeaders, type TestContext, type TestUser } from "../../test/app";
import { makeProposal } from "../../test/factories";
import { thesisWorld } from "../../test/thesis-world";
import { countExpired, FORMER_MEMBER } from "./retention.repository";
import { describeRun, RETENTION_JOB, retentionCutoff, retentionJob } from "./retention.service";

/**
 * Retention (DESIGN.md §19): RETENTION_YEARS after a thesis is Released, Cancelled or Annulled, or
 * a proposal ends Denied or Withdrawn without a thesis, its chat, notices, superseded versions
 * (with their files) and internal comments go; the final document stays; a deactivated account is
 * anonymised once its last record's clock has run out. The preview counts what the run removes;
 * each run is one activity row; the job runs once across instances and catches up. The tests move
 * the clock: the job runs at "now + 6 years".
 */

let t: TestContext;
let w: Awaited<ReturnType<typeof thesisWorld>>;
const YEARS = 5;
const later = (years: number) => new Date(Date.now() + years * 366 * 86_400_000);
const job = retentionJob({ years: YEARS, timeZone: "Europe/Berlin", hour: 3 });

beforeAll(async () => {
  t = await createTestApp();
  w = await thesisWorld(t);
});
afterAll(async () => t?.close());

const db = () => t.database.db;
const chat = (proposalId: string, authorId: string, body: string) =>
  db().insert(messages).values({ proposalId, authorId, body });
const notice = (proposalId: string, supervisorId: string, title: string) =>
  db()
    .insert(notices)
    .values({ proposalId, supervisorId, title, description: `${title} text` });
const count = async (table: "messages" | "notices", proposalId: string) =>
  (await selectRow<{ n: number }>(
    db(),
    sql`select count(*)::int as n from ${sql.raw(table)} where proposal_id = ${proposalId}`,
  ))!.n;
const preview = async (u: TestUser | null) =>
  t.app.inject({ method: "GET", url: "/api/retention/preview", headers: sessionHeaders(u) });
const runAt = (now: Date) => db().transaction((tx) => job.run(tx as never, now, () => {}));

/** A thesis released with two drafts (the first superseded), chat, a notice and an internal comment. */
async function released() {
  const th = await w.writing();
  const [a, b] = th.students as [TestUser, TestUser];
  for (let i = 0; i < 2; i++)
    expect(
      (await w.post(a, `/api/theses/${th.id}/drafts`, { documentId: await w.upload(a) })).statusCode,
    ).toBe(201);
  for (const u of [a, b]) await w.send("PUT", u, `/api/theses/${th.id}/declaration`, { declaration: true });
  expect((await w.post(a, `/api/theses/${th.id}/submission`, {})).statusCode).toBe(200);
  const assess = (u: TestUser) =>
    w.send("PUT", u, `/api/theses/${th.id}/assessment`, {
      scores: { Overall: 70 },
      grades: { [a.id]: "1.3", [b.id]: "1.3" },
      studentComment: "Well done.",
      internalComment: "RETAINED-INTERNAL-SECRET",
    });
  expect((await assess(w.supervisor)).statusCode).toBe(200);
  expect((await assess(w.examiner)).statusCode).toBe(200);
  expect((await w.post(w.committee, `/api/theses/${th.id}/release`)).statusCode).toBe(200);
  await chat(th.proposalId, a.id, "RETAINED-CHAT-SECRET");
  await notice(th.proposalId, w.supervisor.id, "RETAINED-NOTICE");
  return th;
}

describe("retention", () => {
  it("the preview is the committee's alone", async () => {
    expect((await preview(null)).statusCode).toBe(401);
    expect((await preview(w.supervisor)).statusCode).toBe(403);
    expect((await preview((await w.writing()).students[0]!)).statusCode).toBe(403);
    const res = await preview(w.committee);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ years: 5, lastRun: null });
  });

  it("removes an ended record's chat, notices, superseded versions and internal comments after the years, keeps the final document and what is still alive; the preview counts exactly that; one activity row per run", async () => {
    const th = await released();
    const living = await w.writing();
    await chat(living.proposalId, living.students[0]!.id, "still writing");
    // A proposal denied without a thesis, with three versions (the last two with a PDF) and chat.
    const student = await makeStudent(t);
    const denied = await makeProposal(t, {
      supervisorId: w.supervisor.id,
      memberIds: [student.id],
      status: "Denied",
    });
    const docs = [await w.upload(student), await w.upload(student)];
    await db()
      .insert(proposalVersions)
      .values(
        docs.map((documentId, i) => ({
          proposalId: denied.id,
          number: i + 2,
          title: "T",
          abstract: "A",
          documentId,
          authorId: student.id,
        })),
      );
    await chat(denied.id, student.id, "RETAINED-CHAT-SECRET-2");

    // Not yet: nothing has run out four years on.
    await runAt(later(4));
    expect(await count("messages", th.proposalId)).toBe(1);
    expect(await count("messages", denied.id)).toBe(1);

    // Six years on, the preview at that moment equals the run.
    const at = later(6);
    const expected = await countExpired(db(), retentionCutoff(at, YEARS));
    expect(expected).toMatchObject({ messages: 2, notices: 1, versions: 3, internalComments: 2 });
    await runAt(at);
    expect(await count("messages", th.proposalId)).toBe(0);
    expect(await count("notices", th.proposalId)).toBe(0);
    expect(await count("messages", denied.id)).toBe(0);
    expect(await count("messages", living.proposalId)).toBe(1);
    // The final document stays, the superseded draft and version go with their files.
    const drafts = await db().select().from(thesisDrafts).where(eq(thesisDrafts.thesisId, th.id));
    expect(drafts.map((d) => d.number)).toEqual([2]);
    expect((await w.thesisRow(th.id)).finalDocumentId).toBe(drafts[0]!.documentId);
    const versions = await db()
      .select()
      .from(proposalVersions)
      .where(eq(proposalVersions.proposalId, denied.id));
    expect(versions.map((v) => v.number)).toEqual([3]);
    const files = await selectRows<{ id: string }>(db(), sql`select id from files where id = ${docs[0]!}`);
    expect(files).toEqual([]);
    const comments = await selectRows<{ internal_comment: string; student_comment: string }>(
      db(),
      sql`select internal_comment, student_comment from thesis_assessments where thesis_id = ${th.id}`,
    );
    expect(comments).toEqual([
      { internal_comment: "", student_comment: "Well done." },
      { internal_comment: "", student_comment: "Well done." },
    ]);
    // The released grade is still there for its members.
    expect((await w.get(th.students[0]!, `/api/theses/${th.id}/result`)).statusCode).toBe(200);

    // One row for the run, in counts; no activity row carries a removed text.
    const runs = await selectRows<{ note: string; actor_id: string | null }>(
      db(),
      sql`select note, actor_id from activity where kind = 'retention' order by id`,
    );
    expect(runs.length).toBe(2);
    expect(runs[1]!.note).toBe(describeRun(expected));
    const leaks = await selectRows(
      db(),
      sql`select 1 from activity where note like '%RETAINED-%' or subject_name like '%RETAINED-%'`,
    );
    expect(leaks).toEqual([]);
    // A second run finds nothing more.
    expect(await countExpired(db(), retentionCutoff(at, YEARS))).toMatchObject({
      messages: 0,
      notices: 0,
      versions: 0,
      internalComments: 0,
    });
  });

  it("anonymises a deactivated account only once the last of its records has run out", async () => {
    const th = await released();
    const done = th.students[1]!;
    const busy = await makeStudent(t, { name: "Busy Student" });
    await makeProposal(t, { supervisorId: w.supervisor.id, memberIds: [busy.id], status: "Pending" });
    for (const u of [done, busy])
      expect((await w.post(w.committee, `/api/users/${u.id}/deactivate`)).statusCode).toBe(200);
    await runAt(later(6));
    const [gone] = await db().select().from(users).where(eq(users.id, done.id));
    expect(gone).toMatchObject({ name: FORMER_MEMBER, studentId: null });
    expect(gone!.email).toMatch(/@anonymised\.invalid$/);
    expect(gone!.anonymisedAt).not.toBeNull();
    const sessions = await selectRows(db(), sql`select 1 from sessions where user_id = ${done.id}`);
    expect(sessions).toEqual([]);
    // An anonymised account cannot come back: nothing of the person is left to sign in with.
    const again = await w.post(w.committee, `/api/users/${done.id}/reactivate`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(MSG.anonymisedAccount);
    const [kept] = await db().select().from(users).where(eq(users.id, busy.id));
    expect(kept).toMatchObject({ name: "Busy Student", anonymisedAt: null });
    // Its name is gone from what the thesis shows too.
    const shown = await w.get(w.committee, `/api/theses/${th.id}`);
    expect(JSON.stringify(shown.json())).not.toContain(done.name);
  });

  it("runs once across two instances at the same moment, and catches up a run missed while down", async () => {
    const log = pino({ level: "silent" });
    const at = later(7);
    const one = new Scheduler(db(), log, () => at);
    const two = new Scheduler(db(), log, () => at);
    for (const s of [one, two]) s.schedule(job);
    await one.register();
    // Missed: due a day before "now".
    await db()
      .update(scheduledJobs)
      .set({ nextRunAt: new Date(at.getTime() - 86_400_000) })
      .where(eq(scheduledJobs.name, RETENTION_JOB));
    const before = (await selectRows(db(), sql`select 1 from activity where kind = 'retention'`)).length;
    const ran = await Promise.all([one.runDue(), two.runDue()]);
    expect(ran.flat()).toEqual([RETENTION_JOB]);
    expect((await selectRows(db(), sql`select 1 from activity where kind = 'retention'`)).length).toBe(
      before + 1,
    );
    const [row] = await db().select().from(scheduledJobs).where(eq(scheduledJobs.name, RETENTION_JOB));
    expect(row!.nextRunAt > at).toBe(true);
    // The preview then names the next run and the last one.
    const res = await preview(w.committee);
    expect(res.json().lastRun.note).toMatch(/^\d+ records?: /);
  });
});
