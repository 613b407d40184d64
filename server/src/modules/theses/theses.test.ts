import { MSG } from "@shared/messages";
import type { Thesis } from "@shared/schemas/theses";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRows } from "../../db/query";
import { proposalMembers, proposals, terms, theses } from "../../db/schema";
import {
  createTestApp,
  makeCommittee,
  makeStudent,
  makeSupervisor,
  sessionHeaders,
  type TestContext,
  type TestUser,
  unique,
} from "../../test/app";
import { makeCell, makeProposal } from "../../test/factories";

/**
 * The thesis (DESIGN.md §16): started by an approval in its transaction, whichever path approved
 * it, due by the term's settings; it blocks the proposal's reopen and governs its reassign; the
 * committee's cancel withdraws the proposal; who sees it, and what a student sees.
 */

let t: TestContext;
let supervisor: TestUser;
let colleague: TestUser;
let outsiderTeacher: TestUser;
let committee: TestUser;
let cellId: string;

const DAY = 24 * 3600 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  [supervisor, colleague, outsiderTeacher, committee] = await Promise.all([
    makeSupervisor(t, { name: "Prof. First" }),
    makeSupervisor(t, { name: "Dr. Colleague" }),
    makeSupervisor(t),
    makeCommittee(t),
  ]);
  cellId = (await makeCell(t, [supervisor.id, colleague.id])).id;
});
afterAll(async () => t?.close());

const post = (u: TestUser | null, url: string, payload: object = {}) =>
  t.app.inject({ method: "POST", url, payload, headers: sessionHeaders(u) });
const get = (u: TestUser | null, url: string) =>
  t.app.inject({ method: "GET", url, headers: sessionHeaders(u) });

/** A term of its own with these thesis settings. */
async function makeTerm(o: {
  thesisDueAt?: Date | null;
  writingWeeks?: number;
  committeeApproval?: boolean;
}) {
  const [term] = await t.database.db
    .insert(terms)
    .values({
      name: `Term ${unique("t")}`,
      thesisDueAt: o.thesisDueAt ?? null,
      writingWeeks: o.writingWeeks ?? 26,
      committeeApproval: o.committeeApproval ?? false,
    })
    .returning();
  return term;
}

/** A group's proposal in `status`, in its own term (members follow the term by the foreign key). */
async function group(status: "Pending" | "Awaiting committee" | "Approved", term?: { id: string }) {
  const students = [await makeStudent(t), await makeStudent(t)];
  const p = await makeProposal(t, {
    supervisorId: supervisor.id,
    cellId,
    memberIds: students.map((s) => s.id),
    status,
  });
  const termId = term?.id ?? (await makeTerm({})).id;
  await t.database.db.update(proposals).set({ termId }).where(eq(proposals.id, p.id));
  return { proposal: p, students };
}

async function thesisOf(proposalId: string) {
  const [row] = await t.database.db.select().from(theses).where(eq(theses.proposalId, proposalId));
  return row;
}

async function statusOf(proposalId: string) {
  const [row] = await t.database.db.select().from(proposals).where(eq(proposals.id, proposalId));
  return row.status;
}

/** An Approved proposal with its thesis, approved through the supervisor's review. */
async function approvedWithThesis(term?: { id: string }) {
  const g = await group("Pending", term);
  const res = await post(supervisor, `/api/proposals/${g.proposal.id}/review`, {
    status: "Approved",
    feedback: "",
  });
  expect(res.statusCode).toBe(200);
  return { ...g, thesis: await thesisOf(g.proposal.id) };
}

describe("an approval starts the thesis, in its transaction", () => {
  it("by the supervisor's review (no committee approval): Writing, due writingWeeks after the start, supervisor as first examiner, a timeline row", async () => {
    const term = await makeTerm({ writingWeeks: 10 });
    const { proposal, thesis } = await approvedWithThesis(term);
    expect(thesis.state).toBe("Writing");
    expect(thesis.firstExaminerId).toBe(supervisor.id);
    expect(thesis.dueAt.getTime() - thesis.startedAt.getTime()).toBe(10 * 7 * DAY);
    const rows = await selectRows<{ action: string; to_thesis_state: string }>(
      t.database.db,
      sql`select action, to_thesis_state from activity where proposal_id = ${proposal.id} and kind = 'thesis'`,
    );
    expect(rows).toEqual([{ action: "start", to_thesis_state: "Writing" }]);
    // The proposal names its thesis, so the screens offer neither reopen nor withdraw.
    const answer = await get(committee, `/api/proposals/${proposal.id}`);
    expect(answer.json().proposal.thesisId).toBe(thesis.id);
  });

  it("by the committee's approval after the supervisor's, due at the term's thesisDueAt", async () => {
    const due = new Date(Date.now() + 60 * DAY);
    const term = await makeTerm({ thesisDueAt: due, committeeApproval: true });
    const g = await group("Pending", term);
    // The supervisor's approval in a term with committee approval is not Approved yet: no thesis.
    expect(
      (await post(supervisor, `/api/proposals/${g.proposal.id}/review`, { status: "Approved", feedback: "" }))
        .statusCode,
    ).toBe(200);
    expect(await statusOf(g.proposal.id)).toBe("Awaiting committee");
    expect(await thesisOf(g.proposal.id)).toBeUndefined();
    const res = await post(committee, `/api/proposals/${g.proposal.id}/decision`, {
      status: "Approved",
      feedback: "",
    });
    expect(res.statusCode).toBe(200);
    const thesis = await thesisOf(g.proposal.id);
    expect(thesis.state).toBe("Writing");
    expect(thesis.dueAt.toISOString()).toBe(due.toISOString());
  });

  it("never less than 14 days after the start, whatever the term says", async () => {
    const term = await makeTerm({ thesisDueAt: new Date(Date.now() + 3 * DAY) });
    const { thesis } = await approvedWithThesis(term);
    expect(thesis.dueAt.getTime() - thesis.startedAt.getTime()).toBe(14 * DAY);
    const short = await makeTerm({ writingWeeks: 1 });
    const other = (await approvedWithThesis(short)).thesis;
    expect(other.dueAt.getTime() - other.startedAt.getTime()).toBe(14 * DAY);
  });

  it("a denial starts none", async () => {
    const g = await group("Pending");
    await post(supervisor, `/api/proposals/${g.proposal.id}/review`, { status: "Denied", feedback: "No." });
    expect(await thesisOf(g.proposal.id)).toBeUndefined();
  });

  it("one transaction: when the thesis cannot start, the approval does not happen either", async () => {
    const g = await group("Pending");
    // A thesis row already there (never so in life) makes the start fail on the one-thesis index.
    await t.database.db.insert(theses).values({
      proposalId: g.proposal.id,
      startedAt: new Date(),
      dueAt: new Date(Date.now() + 20 * DAY),
      version: 7,
    });
    const res = await post(supervisor, `/api/proposals/${g.proposal.id}/review`, {
      status: "Approved",
      feedback: "",
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(409);
    expect(await statusOf(g.proposal.id)).toBe("Pending");
    const rows = await selectRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from activity where proposal_id = ${g.proposal.id}`,
    );
    expect(rows[0].n).toBe(0);
  });
});

describe("the proposal once its thesis exists", () => {
  it("reopen answers 409 with the reason, and changes nothing", async () => {
    const { proposal } = await approvedWithThesis();
    const res = await post(committee, `/api/proposals/${proposal.id}/reopen`, { reason: "A mistake." });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(MSG.thesisStartedNoReopen);
    expect(await statusOf(proposal.id)).toBe("Approved");
  });

  it("the committee's withdraw answers 409: the thesis is cancelled instead", async () => {
    const { proposal } = await approvedWithThesis();
    const res = await post(committee, `/api/proposals/${proposal.id}/withdraw`, { reason: "Gone." });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(MSG.thesisStartedNoWithdraw);
  });

  it("reassign goes through before the first assessment, and the first examiner follows the supervisor", async () => {
    const { proposal, thesis } = await approvedWithThesis();
    const res = await post(committee, `/api/proposals/${proposal.id}/reassign`, {
      supervisorId: colleague.id,
    });
    expect(res.statusCode).toBe(200);
    expect((await thesisOf(proposal.id)).firstExaminerId).toBe(colleague.id);
    expect(thesis.version).toBeLessThan((await thesisOf(proposal.id)).version);
  });

  it("reassign is refused to the thesis's second examiner, and once the first assessment is in", async () => {
    const { proposal, thesis } = await approvedWithThesis();
    await t.database.db
      .update(theses)
      .set({ secondExaminerId: colleague.id })
      .where(eq(theses.id, thesis.id));
    let res = await post(committee, `/api/proposals/${proposal.id}/reassign`, { supervisorId: colleague.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(MSG.reassignToSecondExaminer);
    await t.database.db
      .update(theses)
      .set({ secondExaminerId: null, firstAssessedAt: new Date() })
      .where(eq(theses.id, thesis.id));
    res = await post(committee, `/api/proposals/${proposal.id}/reassign`, { supervisorId: colleague.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(MSG.thesisFirstAssessed);
    expect((await thesisOf(proposal.id)).firstExaminerId).toBe(supervisor.id);
  });
});

describe("POST /api/theses/:id/cancel", () => {
  it("the committee cancels with a reason: Cancelled, and the proposal Withdrawn with its places freed, in one transaction", async () => {
    const { proposal, thesis } = await approvedWithThesis();
    const res = await post(committee, `/api/theses/${thesis.id}/cancel`, { reason: "The group split up." });
    expect(res.statusCode).toBe(200);
    expect((res.json().thesis as Thesis).state).toBe("Cancelled");
    expect((await thesisOf(proposal.id)).state).toBe("Cancelled");
    expect(await statusOf(proposal.id)).toBe("Withdrawn");
    const active = await t.database.db
      .select()
      .from(proposalMembers)
      .where(eq(proposalMembers.proposalId, proposal.id));
    expect(active.every((m) => !m.active)).toBe(true);
    const rows = await selectRows<{ kind: string; action: string; note: string | null }>(
      t.database.db,
      sql`select kind, action, note from activity where proposal_id = ${proposal.id} order by id`,
    );
    expect(rows.slice(-2)).toEqual([
      { kind: "thesis", action: "cancel", note: "The group split up." },
      { kind: "proposal", action: "withdraw", note: "The group split up." },
    ]);
  });

  it("without a reason: 400 naming it; by a student or a supervisor: 403; signed out: 401; nothing changes", async () => {
    const { proposal, thesis, students } = await approvedWithThesis();
    const res = await post(committee, `/api/theses/${thesis.id}/cancel`, { reason: "  " });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.reason).toBe(MSG.thesisReasonRequired);
    expect((await post(students[0], `/api/theses/${thesis.id}/cancel`, { reason: "x" })).statusCode).toBe(
      403,
    );
    expect((await post(supervisor, `/api/theses/${thesis.id}/cancel`, { reason: "x" })).statusCode).toBe(403);
    expect((await post(null, `/api/theses/${thesis.id}/cancel`, { reason: "x" })).statusCode).toBe(401);
    expect((await thesisOf(proposal.id)).state).toBe("Writing");
    expect(await statusOf(proposal.id)).toBe("Approved");
  });

  it("from Submitted and Disputed too; from Graded 409 naming the state", async () => {
    for (const state of ["Submitted", "Disputed"] as const) {
      const { proposal, thesis } = await approvedWithThesis();
      await t.database.db.update(theses).set({ state }).where(eq(theses.id, thesis.id));
      expect((await post(committee, `/api/theses/${thesis.id}/cancel`, { reason: "r" })).statusCode).toBe(
        200,
      );
      expect(await statusOf(proposal.id)).toBe("Withdrawn");
    }
    const { proposal, thesis } = await approvedWithThesis();
    await t.database.db.update(theses).set({ state: "Graded" }).where(eq(theses.id, thesis.id));
    const res = await post(committee, `/api/theses/${thesis.id}/cancel`, { reason: "r" });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(MSG.thesisIsNow("Graded"));
    expect(await statusOf(proposal.id)).toBe("Approved");
  });

  it("two simultaneous cancels: one 200, one 409, one timeline row", async () => {
    const { proposal, thesis } = await approvedWithThesis();
    const answers = await Promise.all([
      post(committee, `/api/theses/${thesis.id}/cancel`, { reason: "First." }),
      post(committee, `/api/theses/${thesis.id}/cancel`, { reason: "Second." }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const rows = await selectRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from activity where proposal_id = ${proposal.id} and kind = 'thesis' and action = 'cancel'`,
    );
    expect(rows[0].n).toBe(1);
  });

  it("an unknown thesis: 404", async () => {
    const res = await post(committee, "/api/theses/00000000-0000-4000-8000-000000000000/cancel", {
      reason: "r",
    });
    expect(res.statusCode).toBe(404);
  });
});

describe("GET /api/theses/:id and /api/theses", () => {
  it("its members, supervisor, second examiner and the committee see it; others get 404", async () => {
    const { thesis, students } = await approvedWithThesis();
    await t.database.db
      .update(theses)
      .set({ secondExaminerId: colleague.id })
      .where(eq(theses.id, thesis.id));
    for (const u of [students[0], students[1], supervisor, colleague, committee]) {
      const res = await get(u, `/api/theses/${thesis.id}`);
      expect(res.statusCode, u.name).toBe(200);
      const shown = res.json().thesis as Thesis;
      expect(shown.members.map((m) => m.id).sort()).toEqual(students.map((s) => s.id).sort());
      expect(shown.secondExaminer?.id).toBe(colleague.id);
    }
    const stranger = await makeStudent(t);
    expect((await get(stranger, `/api/theses/${thesis.id}`)).statusCode).toBe(404);
    expect((await get(outsiderTeacher, `/api/theses/${thesis.id}`)).statusCode).toBe(404);
    expect((await get(null, `/api/theses/${thesis.id}`)).statusCode).toBe(401);
    expect((await get(committee, "/api/theses/not-an-id")).statusCode).toBe(400);
  });

  it("the committee is offered cancel in Writing; a member nothing of the committee's", async () => {
    const { thesis, students } = await approvedWithThesis();
    expect(((await get(committee, `/api/theses/${thesis.id}`)).json().thesis as Thesis).actions).toContain(
      "cancel",
    );
    expect(
      ((await get(students[0], `/api/theses/${thesis.id}`)).json().thesis as Thesis).actions,
    ).not.toContain("cancel");
  });

  it("students see Graded and Disputed as Submitted until Released; others see the state", async () => {
    const { thesis, students } = await approvedWithThesis();
    for (const state of ["Graded", "Disputed"] as const) {
      await t.database.db.update(theses).set({ state }).where(eq(theses.id, thesis.id));
      expect((await get(students[0], `/api/theses/${thesis.id}`)).json().thesis.state).toBe("Submitted");
      expect((await get(supervisor, `/api/theses/${thesis.id}`)).json().thesis.state).toBe(state);
      expect((await get(committee, `/api/theses/${thesis.id}`)).json().thesis.state).toBe(state);
      // A filter by the hidden word finds nothing for the student.
      const list = await get(students[0], `/api/theses?state=${state}`);
      expect(list.json().items).toEqual([]);
      const submitted = await get(students[0], "/api/theses?state=Submitted");
      expect(submitted.json().items.map((x: Thesis) => [x.id, x.state])).toEqual([[thesis.id, "Submitted"]]);
    }
    await t.database.db.update(theses).set({ state: "Released" }).where(eq(theses.id, thesis.id));
    expect((await get(students[0], `/api/theses/${thesis.id}`)).json().thesis.state).toBe("Released");
  });

  it("lists: the committee all (filters termId and state), a teacher theirs, a student their own", async () => {
    const term = await makeTerm({});
    const a = await approvedWithThesis(term);
    const b = await approvedWithThesis(term);
    await t.database.db.update(theses).set({ state: "Submitted" }).where(eq(theses.id, b.thesis.id));
    const ids = async (u: TestUser, query: string) =>
      ((await get(u, `/api/theses${query}`)).json().items as Thesis[]).map((x) => x.id).sort();
    expect(await ids(committee, `?termId=${term.id}`)).toEqual([a.thesis.id, b.thesis.id].sort());
    expect(await ids(committee, `?termId=${term.id}&state=Submitted`)).toEqual([b.thesis.id]);
    expect(await ids(a.students[0], "")).toEqual([a.thesis.id]);
    expect(await ids(supervisor, `?termId=${term.id}`)).toEqual([a.thesis.id, b.thesis.id].sort());
    expect(await ids(outsiderTeacher, `?termId=${term.id}`)).toEqual([]);
    const bad = await get(committee, "/api/theses?state=Finished");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.state).toBeDefined();
  });
});

describe("GET /api/theses: pages, counts and the overdue filter", () => {
  it("pages oldest due first with a count; overdue finds those in Writing past due, and its opposite the rest", async () => {
    const term = await makeTerm({});
    const made = [
      await approvedWithThesis(term),
      await approvedWithThesis(term),
      await approvedWithThesis(term),
    ];
    const past = new Date(Date.now() - DAY);
    // The first is overdue; the second past due but Submitted (not overdue); the third due later.
    await t.database.db
      .update(theses)
      .set({ dueAt: past, startedAt: new Date(past.getTime() - 30 * DAY) })
      .where(eq(theses.id, made[0].thesis.id));
    await t.database.db
      .update(theses)
      .set({
        state: "Submitted",
        dueAt: new Date(past.getTime() + 1000),
        startedAt: new Date(past.getTime() - 30 * DAY),
      })
      .where(eq(theses.id, made[1].thesis.id));
    const page1 = (await get(committee, `/api/theses?termId=${term.id}&pageSize=2&page=1`)).json();
    expect(page1.total).toBe(3);
    expect(page1.capped).toBe(false);
    expect(page1.items.map((x: Thesis) => x.id)).toEqual([made[0].thesis.id, made[1].thesis.id]);
    expect(page1.items.map((x: Thesis) => x.overdue)).toEqual([true, false]);
    const page2 = (await get(committee, `/api/theses?termId=${term.id}&pageSize=2&page=2`)).json();
    expect(page2.items.map((x: Thesis) => x.id)).toEqual([made[2].thesis.id]);
    const overdue = (await get(committee, `/api/theses?termId=${term.id}&overdue=true`)).json();
    expect(overdue.items.map((x: Thesis) => x.id)).toEqual([made[0].thesis.id]);
    expect(overdue.total).toBe(1);
    const notOverdue = (await get(committee, `/api/theses?termId=${term.id}&overdue=false`)).json();
    expect(notOverdue.items.map((x: Thesis) => x.id).sort()).toEqual(
      [made[1].thesis.id, made[2].thesis.id].sort(),
    );
    // A member sees their own thesis Overdue as well.
    expect((await get(made[0].students[0], `/api/theses/${made[0].thesis.id}`)).json().thesis.overdue).toBe(
      true,
    );
  });

  it("bad input: overdue neither true nor false, a page size past the largest, a page of 0", async () => {
    for (const [query, field] of [
      ["overdue=yes", "overdue"],
      ["pageSize=1000", "pageSize"],
      ["page=0", "page"],
      ["termId=nope", "termId"],
    ]) {
      const res = await get(committee, `/api/theses?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.fields[field], query).toBeDefined();
    }
  });
});

describe("the OpenAPI document", () => {
  it("documents every thesis route, under its tag", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    expect(doc.paths["/api/theses"].get.tags).toEqual(["theses"]);
    expect(doc.paths["/api/theses/{id}"].get.responses["404"]).toBeDefined();
    expect(doc.paths["/api/theses/{id}/cancel"].post.responses["409"]).toBeDefined();
    expect(doc.paths["/api/theses/{id}/cancel"].post.requestBody).toBeDefined();
  });
});
