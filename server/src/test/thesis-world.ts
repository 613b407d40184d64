import type { ThesisWriting } from "@shared/schemas/thesis-writing";
import { eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import { selectRows } from "../db/query";
import { proposals, terms, theses } from "../db/schema";
import {
  makeCommittee,
  makeStudent,
  makeSupervisor,
  sessionHeaders,
  type TestContext,
  type TestUser,
  unique,
} from "./app";
import { makeCell, makeProposal } from "./factories";
import { makePdf, multipartFile } from "./pdf";

/**
 * The people and helpers the thesis's tests share (DESIGN.md §16): its supervisor, a second
 * examiner, a teacher who sees nothing of it, the committee; a thesis in Writing started by a real
 * approval; uploads, requests and reads of what it holds.
 */
export async function thesisWorld(t: TestContext) {
  const [supervisor, examiner, outsiderTeacher, committee] = await Promise.all([
    makeSupervisor(t, { name: "Prof. First" }),
    makeSupervisor(t, { name: "Dr. Second" }),
    makeSupervisor(t),
    makeCommittee(t),
  ]);
  const cellId = (await makeCell(t, [supervisor.id, examiner.id])).id;

  const send = (method: "POST" | "PUT" | "DELETE", u: TestUser | null, url: string, payload: object = {}) =>
    t.app.inject({ method, url, payload, headers: sessionHeaders(u) });
  const post = (u: TestUser | null, url: string, payload: object = {}) => send("POST", u, url, payload);
  const get = (u: TestUser | null, url: string) =>
    t.app.inject({ method: "GET", url, headers: sessionHeaders(u) });

  /** A group of two with an approved proposal (in a term of its own, german scale) and its thesis in Writing. */
  async function writing() {
    const [term] = await t.database.db
      .insert(terms)
      .values({ name: `Term ${unique("w")}`, gradeScale: "german", gradeTolerance: 1 })
      .returning();
    const students = [
      await makeStudent(t, { name: "Ana Member" }),
      await makeStudent(t, { name: "Ben Member" }),
    ];
    const p = await makeProposal(t, {
      supervisorId: supervisor.id,
      cellId,
      memberIds: students.map((s) => s.id),
      status: "Pending",
    });
    await t.database.db.update(proposals).set({ termId: term.id }).where(eq(proposals.id, p.id));
    const approved = await post(supervisor, `/api/proposals/${p.id}/review`, {
      status: "Approved",
      feedback: "",
    });
    expect(approved.statusCode).toBe(200);
    const [thesis] = await t.database.db.select().from(theses).where(eq(theses.proposalId, p.id));
    await t.database.db.update(theses).set({ secondExaminerId: examiner.id }).where(eq(theses.id, thesis.id));
    return { id: thesis.id, proposalId: p.id, termId: term.id, students, dueAt: thesis.dueAt };
  }

  /** A thesis of writing()'s, its first member's draft final: both members declared, then submitted. */
  async function submitted() {
    const th = await writing();
    const [a, b] = th.students;
    expect((await post(a, `/api/theses/${th.id}/drafts`, { documentId: await upload(a) })).statusCode).toBe(
      201,
    );
    for (const u of [a, b]) await send("PUT", u, `/api/theses/${th.id}/declaration`, { declaration: true });
    expect((await post(a, `/api/theses/${th.id}/submission`, {})).statusCode).toBe(200);
    return th;
  }

  /** Both examiners' assessments of a Submitted thesis, proposing these grades for its two members in turn. */
  async function assessBoth(th: { id: string; students: TestUser[] }, first: string[], second: string[]) {
    for (const [u, grades] of [
      [supervisor, first],
      [examiner, second],
    ] as const) {
      const res = await send("PUT", u, `/api/theses/${th.id}/assessment`, {
        scores: { Overall: 70 },
        grades: Object.fromEntries(th.students.map((s, i) => [s.id, grades[i]])),
        studentComment: "Well argued.",
        internalComment: "Internal.",
      });
      expect(res.statusCode).toBe(200);
    }
  }

  /** A PDF the person uploads (POST /api/files): its id. */
  async function upload(u: TestUser) {
    const file = multipartFile(makePdf(["A draft"]), "draft.pdf");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/files",
      payload: file.payload,
      headers: { ...sessionHeaders(u), ...file.headers },
    });
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  }

  const thesisRow = async (id: string) =>
    (await t.database.db.select().from(theses).where(eq(theses.id, id)))[0];
  const timeline = (proposalId: string) =>
    selectRows<{ action: string; subject_name: string | null; note: string | null }>(
      t.database.db,
      sql`select action, subject_name, note from activity where proposal_id = ${proposalId} and kind = 'thesis' order by at, id`,
    );
  const emailsTo = (userId: string, kind = "thesis.changed") =>
    selectRows<{ subject: string; body: string }>(
      t.database.db,
      sql`select subject, body from outbox where user_id = ${userId} and kind = ${kind} order by id`,
    );
  const writingOf = async (u: TestUser, id: string) =>
    (await get(u, `/api/theses/${id}/writing`)).json().writing as ThesisWriting;

  return {
    supervisor,
    examiner,
    outsiderTeacher,
    committee,
    cellId,
    send,
    post,
    get,
    writing,
    submitted,
    assessBoth,
    upload,
    thesisRow,
    timeline,
    emailsTo,
    writingOf,
  };
}
