import { LIMITS } from "@shared/limits";
import { MSG } from "@shared/messages";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox, proposalMembers, proposals } from "../../db/schema";
import {
  createTestApp,
  makeCommittee,
  makeStudent,
  makeSupervisor,
  sessionHeaders,
  type TestContext,
  type TestUser,
} from "../../test/app";
import { makeCell, makeProposal } from "../../test/factories";

let t: TestContext;
let supervisor: TestUser;
let otherSupervisor: TestUser;
let committee: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  [supervisor, otherSupervisor, committee] = await Promise.all([
    makeSupervisor(t, { name: "Prof. Reviewer" }),
    makeSupervisor(t),
    makeCommittee(t),
  ]);
});
afterAll(async () => t?.close());

const review = (u: TestUser | null, id: string, payload: unknown) =>
  t.app.inject({
    method: "POST",
    url: `/api/proposals/${id}/review`,
    payload: payload as object,
    headers: sessionHeaders(u),
  });

async function pendingGroup(size = 2) {
  const students = await Promise.all(Array.from({ length: size }, () => makeStudent(t)));
  const p = await makeProposal(t, { supervisorId: supervisor.id, memberIds: students.map((s) => s.id) });
  return { proposal: p, students };
}

async function row(id: string) {
  const [p] = await t.database.db.select().from(proposals).where(eq(proposals.id, id));
  return p;
}

async function activeMembers(id: string) {
  const rows = await t.database.db
    .select({ userId: proposalMembers.userId })
    .from(proposalMembers)
    .where(and(eq(proposalMembers.proposalId, id), eq(proposalMembers.active, true)));
  return rows.length;
}

describe("POST /api/proposals/:id/review", () => {
  it("the proposal's supervisor approves it with feedback; the server's time and the reviewer are stored", async () => {
    const { proposal, students } = await pendingGroup();
    const before = Date.now();
    const res = await review(supervisor, proposal.id, { status: "Approved", feedback: "  Great scope.  " });
    expect(res.statusCode).toBe(200);
    const body = res.json().proposal;
    expect(body).toMatchObject({
      id: proposal.id,
      status: "Approved",
      feedback: "Great scope.",
      reviewedBy: { id: supervisor.id, name: "Prof. Reviewer" },
      supervisor: { id: supervisor.id },
    });
    expect(body.members.map((m: { id: string }) => m.id)).toEqual(students.map((s) => s.id));
    const stored = await row(proposal.id);
    expect(stored.status).toBe("Approved");
    expect(stored.feedback).toBe("Great scope.");
    expect(stored.reviewedBy).toBe(supervisor.id);
    expect(stored.reviewedAt!.getTime()).toBeGreaterThanOrEqual(before - 5_000);
    expect(new Date(body.reviewedAt).getTime()).toBe(stored.reviewedAt!.getTime());
    // Approval keeps the members in their active proposal.
    expect(await activeMembers(proposal.id)).toBe(2);
    // The group hears of it by email.
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.kind, "proposal.reviewed"));
    expect(mails.filter((m) => students.some((s) => s.id === m.userId))).toHaveLength(2);
  });

  it("approves without feedback (feedback is optional when approving)", async () => {
    const { proposal } = await pendingGroup(1);
    const res = await review(supervisor, proposal.id, { status: "Approved" });
    expect(res.statusCode).toBe(200);
    expect(res.json().proposal.feedback).toBe("");
    expect((await row(proposal.id)).status).toBe("Approved");
  });

  it("denies with feedback and frees the members, who may then be in a new proposal", async () => {
    const { proposal, students } = await pendingGroup(2);
    const res = await review(supervisor, proposal.id, { status: "Denied", feedback: "Rethink the method." });
    expect(res.statusCode).toBe(200);
    expect(res.json().proposal).toMatchObject({ status: "Denied", feedback: "Rethink the method." });
    expect(await activeMembers(proposal.id)).toBe(0);
    // The partial unique index on active memberships now lets them join another proposal.
    const again = await makeProposal(t, {
      supervisorId: supervisor.id,
      memberIds: students.map((s) => s.id),
    });
    expect(await activeMembers(again.id)).toBe(2);
  });

  it("refuses to deny without feedback (missing or blank): 400 naming feedback, nothing changes", async () => {
    const { proposal } = await pendingGroup(1);
    for (const payload of [
      { status: "Denied" },
      { status: "Denied", feedback: "" },
      { status: "Denied", feedback: "   " },
    ]) {
      const res = await review(supervisor, proposal.id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.feedback).toBe("Feedback is required when denying a proposal.");
    }
    const stored = await row(proposal.id);
    expect(stored.status).toBe("Pending");
    expect(stored.reviewedAt).toBeNull();
    expect(await activeMembers(proposal.id)).toBe(1);
  });

  it("refuses bad status, bad feedback and a bad id with 400, naming the field", async () => {
    const { proposal } = await pendingGroup(1);
    const cases: [unknown, string][] = [
      [{}, "status"],
      [{ status: "Pending", feedback: "x" }, "status"],
      [{ status: "approved" }, "status"],
      [{ status: "Approved", feedback: 42 }, "feedback"],
      [{ status: "Approved", feedback: "x".repeat(LIMITS.feedbackMax + 1) }, "feedback"],
    ];
    for (const [payload, field] of cases) {
      const res = await review(supervisor, proposal.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.fields[field]).toBeTruthy();
    }
    const bad = await review(supervisor, "not-a-uuid", { status: "Approved" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.id).toBeTruthy();
    expect((await row(proposal.id)).status).toBe("Pending");
  });

  it("another supervisor gets 404 (as for a missing proposal); nothing changes", async () => {
    const { proposal } = await pendingGroup(1);
    const res = await review(otherSupervisor, proposal.id, { status: "Approved", feedback: "Mine now" });
    expect(res.statusCode).toBe(404);
    const missing = await review(supervisor, "00000000-0000-4000-8000-000000000000", { status: "Approved" });
    expect(missing.statusCode).toBe(404);
    expect(res.json().error.message).toBe(missing.json().error.message);
    const stored = await row(proposal.id);
    expect(stored.status).toBe("Pending");
    expect(stored.feedback).toBeNull();
  });

  it("students and committee members get 403; signed out 401; nothing changes", async () => {
    const { proposal, students } = await pendingGroup(1);
    expect((await review(students[0], proposal.id, { status: "Approved" })).statusCode).toBe(403);
    expect((await review(committee, proposal.id, { status: "Approved" })).statusCode).toBe(403);
    expect((await review(null, proposal.id, { status: "Approved" })).statusCode).toBe(401);
    expect((await row(proposal.id)).status).toBe("Pending");
  });

  it("a second review gets 409 and keeps the first decision and feedback", async () => {
    const { proposal } = await pendingGroup(1);
    expect(
      (await review(supervisor, proposal.id, { status: "Approved", feedback: "First" })).statusCode,
    ).toBe(200);
    const second = await review(supervisor, proposal.id, { status: "Denied", feedback: "Second thoughts" });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(MSG.alreadyReviewed);
    const stored = await row(proposal.id);
    expect(stored.status).toBe("Approved");
    expect(stored.feedback).toBe("First");
    expect(await activeMembers(proposal.id)).toBe(1);
    // A reviewed proposal of another supervisor is still a 404, not a 409.
    expect((await review(otherSupervisor, proposal.id, { status: "Approved" })).statusCode).toBe(404);
  });

  it("two simultaneous reviews: exactly one wins, the other gets 409", async () => {
    for (let round = 0; round < 3; round++) {
      const { proposal } = await pendingGroup(2);
      const results = await Promise.all([
        review(supervisor, proposal.id, { status: "Approved", feedback: "Yes" }),
        review(supervisor, proposal.id, { status: "Denied", feedback: "No" }),
      ]);
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, 409]);
      const winner = results.find((r) => r.statusCode === 200)!.json().proposal;
      const stored = await row(proposal.id);
      expect(stored.status).toBe(winner.status);
      expect(stored.feedback).toBe(winner.feedback);
      expect(await activeMembers(proposal.id)).toBe(winner.status === "Denied" ? 0 : 2);
    }
  });

  it("the review history: the supervisor's proposals by status, with the feedback given (GET /api/proposals)", async () => {
    const sup = await makeSupervisor(t);
    const groups = await Promise.all(
      [0, 1, 2].map(async () => {
        const s = await makeStudent(t);
        return makeProposal(t, { supervisorId: sup.id, memberIds: [s.id] });
      }),
    );
    expect((await review(sup, groups[0].id, { status: "Approved", feedback: "Go ahead." })).statusCode).toBe(
      200,
    );
    expect((await review(sup, groups[1].id, { status: "Denied", feedback: "Too broad." })).statusCode).toBe(
      200,
    );
    const byStatus = async (status: string) => {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/proposals?status=${status}`,
        headers: { cookie: sup.cookie },
      });
      expect(res.statusCode).toBe(200);
      return res.json().items as { id: string; feedback: string | null; reviewedAt: string | null }[];
    };
    expect(await byStatus("Approved")).toMatchObject([{ id: groups[0].id, feedback: "Go ahead." }]);
    expect(await byStatus("Denied")).toMatchObject([{ id: groups[1].id, feedback: "Too broad." }]);
    expect((await byStatus("Denied"))[0].reviewedAt).toEqual(expect.any(String));
    expect(await byStatus("Pending")).toMatchObject([{ id: groups[2].id, feedback: null }]);
  });
});

describe("changes requested, and the committee's decisions (DESIGN.md §9)", () => {
  const post = (u: TestUser, url: string, payload: object = {}) =>
    t.app.inject({ method: "POST", url, payload, headers: sessionHeaders(u) });

  it("request changes needs feedback; the group is told with it; a member answers with a new version and it is Pending again", async () => {
    const { proposal, students } = await pendingGroup(2);
    const noFeedback = await review(supervisor, proposal.id, { status: "Changes requested", feedback: " " });
    expect(noFeedback.statusCode).toBe(400);
    expect(noFeedback.json().error.fields).toEqual({
      feedback: "Feedback is required when requesting changes.",
    });
    const res = await review(supervisor, proposal.id, {
      status: "Changes requested",
      feedback: "Narrow the scope.",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().proposal).toMatchObject({
      status: "Changes requested",
      feedback: "Narrow the scope.",
      reviewDueAt: null,
    });
    const told = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, students[1].id), eq(outbox.kind, "proposal.changed")));
    expect(told.map((m) => m.subject)).toContain(`Changes requested: ${proposal.title}`);
    expect(told.find((m) => m.subject.startsWith("Changes requested"))!.body).toContain("Narrow the scope.");

    // The supervisor cannot review it again meanwhile.
    expect((await review(supervisor, proposal.id, { status: "Approved" })).statusCode).toBe(409);
    const version = await post(students[1], `/api/proposals/${proposal.id}/versions`, {
      title: "A narrower title",
      abstract: "Only the first half.",
      note: "Narrowed as asked.",
    });
    expect(version.statusCode).toBe(201);
    expect(version.json().proposal).toMatchObject({
      status: "Pending",
      title: "A narrower title",
      abstract: "Only the first half.",
      version: 2,
    });
    expect(version.json().proposal.reviewDueAt).not.toBeNull();
    const versions = await t.app.inject({
      method: "GET",
      url: `/api/proposals/${proposal.id}/versions`,
      headers: sessionHeaders(supervisor),
    });
    expect(
      versions
        .json()
        .items.map((v: { number: number; title: string; note: string | null }) => [
          v.number,
          v.title,
          v.note,
        ]),
    ).toEqual([
      [2, "A narrower title", "Narrowed as asked."],
      [1, proposal.title, null],
    ]);
    expect(versions.json().items[0].author).toEqual({ id: students[1].id, name: students[1].name });
    // A second version now is refused: it is Pending.
    expect(
      (await post(students[0], `/api/proposals/${proposal.id}/versions`, { title: "x", abstract: "y" }))
        .statusCode,
    ).toBe(409);
    const supervisorTold = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, supervisor.id), eq(outbox.kind, "proposal.changed")));
    expect(supervisorTold.map((m) => m.subject)).toContain(`New version to review: A narrower title`);
  });

  it("after the term's revisions close, changes can no longer be requested nor a version submitted", async () => {
    const { proposal, students } = await pendingGroup(1);
    expect(
      (await review(supervisor, proposal.id, { status: "Changes requested", feedback: "Fix." })).statusCode,
    ).toBe(200);
    const other = await pendingGroup(1);
    await t.database.db.execute(
      sql`update terms set revisions_close_at = now() - interval '1 minute' where id = current_term_id()`,
    );
    try {
      const late = await review(supervisor, other.proposal.id, {
        status: "Changes requested",
        feedback: "Fix.",
      });
      expect(late.statusCode).toBe(409);
      expect(late.json().error.message).toBe(MSG.revisionsClosed("Default"));
      const version = await post(students[0], `/api/proposals/${proposal.id}/versions`, {
        title: "T",
        abstract: "A",
      });
      expect(version.statusCode).toBe(409);
      expect(version.json().error.message).toBe(MSG.revisionsClosed("Default"));
      expect((await row(proposal.id)).status).toBe("Changes requested");
    } finally {
      await t.database.db.execute(
        sql`update terms set revisions_close_at = null where id = current_term_id()`,
      );
    }
  });

  it("the committee signs off a proposal Awaiting committee: feedback is required to deny; the group and the supervisor are told", async () => {
    const s = await makeStudent(t);
    const p = await makeProposal(t, {
      supervisorId: supervisor.id,
      memberIds: [s.id],
      status: "Awaiting committee",
    });
    const noFeedback = await post(committee, `/api/proposals/${p.id}/decision`, {
      status: "Denied",
      feedback: "",
    });
    expect(noFeedback.statusCode).toBe(400);
    expect(noFeedback.json().error.fields.feedback).toBe("Feedback is required when denying a proposal.");
    const denied = await post(committee, `/api/proposals/${p.id}/decision`, {
      status: "Denied",
      feedback: "Out of scope.",
    });
    expect(denied.json().proposal).toMatchObject({ status: "Denied", committeeFeedback: "Out of scope." });
    expect(await activeMembers(p.id)).toBe(0);
    for (const who of [s.id, supervisor.id]) {
      const mails = await t.database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.userId, who), eq(outbox.kind, "proposal.changed")));
      expect(mails.map((m) => m.subject)).toContain(`Proposal denied by the committee: ${p.title}`);
    }
    // Not Awaiting committee any more: a second decision is refused.
    expect(
      (await post(committee, `/api/proposals/${p.id}/decision`, { status: "Approved" })).statusCode,
    ).toBe(409);
    // A supervisor's proposal that is Pending is not the committee's to decide.
    const { proposal: pending } = await pendingGroup(1);
    expect(
      (await post(committee, `/api/proposals/${pending.id}/decision`, { status: "Approved" })).statusCode,
    ).toBe(409);
  });

  it("reopen takes the places back, or says what blocks it: a member now in another group, a supervisor with no places", async () => {
    const s = await makeStudent(t, { name: "Rena Reopen" });
    const denied = await makeProposal(t, {
      supervisorId: supervisor.id,
      memberIds: [s.id],
      status: "Denied",
    });
    const noReason = await post(committee, `/api/proposals/${denied.id}/reopen`, { reason: "" });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields.reason).toBe(MSG.reasonRequired);
    // The student is in another group now.
    const elsewhere = await makeProposal(t, { supervisorId: otherSupervisor.id, memberIds: [s.id] });
    const blocked = await post(committee, `/api/proposals/${denied.id}/reopen`, {
      reason: "Denied by mistake.",
    });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().error.message).toBe(MSG.memberInAnotherGroup("Rena Reopen"));
    expect((await row(denied.id)).status).toBe("Denied");
    await t.database.db.delete(proposals).where(eq(proposals.id, elsewhere.id));
    // The supervisor is full in the term.
    await t.database.db.execute(sql`update terms set default_capacity = 0 where id = current_term_id()`);
    try {
      const full = await post(committee, `/api/proposals/${denied.id}/reopen`, {
        reason: "Denied by mistake.",
      });
      expect(full.statusCode).toBe(409);
      expect(full.json().error.message).toBe(MSG.noPlacesLeft("Prof. Reviewer", "Default"));
    } finally {
      await t.database.db.execute(sql`update terms set default_capacity = null where id = current_term_id()`);
    }
    const reopened = await post(committee, `/api/proposals/${denied.id}/reopen`, {
      reason: "Denied by mistake.",
    });
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json().proposal).toMatchObject({ status: "Pending", feedback: null, reviewedBy: null });
    expect(await activeMembers(denied.id)).toBe(1);
    const history = (
      await t.app.inject({
        method: "GET",
        url: `/api/proposals/${denied.id}/timeline`,
        headers: sessionHeaders(s),
      })
    ).json().items;
    expect(history.at(-1)).toMatchObject({
      action: "reopen",
      from: "Denied",
      to: "Pending",
      note: "Denied by mistake.",
    });
    // An Approved one reopens too (its places are held already); a Withdrawn one does not.
    const approved = await makeProposal(t, {
      supervisorId: supervisor.id,
      memberIds: [(await makeStudent(t)).id],
      status: "Approved",
    });
    expect(
      (await post(committee, `/api/proposals/${approved.id}/reopen`, { reason: "Approved too soon." }))
        .statusCode,
    ).toBe(200);
    const withdrawn = await makeProposal(t, {
      supervisorId: supervisor.id,
      memberIds: [(await makeStudent(t)).id],
      status: "Withdrawn",
    });
    expect(
      (await post(committee, `/api/proposals/${withdrawn.id}/reopen`, { reason: "Why not." })).statusCode,
    ).toBe(409);
  });

  it("reassign gives a proposal to another supervisor of its cell with a place left; everyone concerned is told", async () => {
    const incoming = await makeSupervisor(t, { name: "Prof. Incoming" });
    const outsider = await makeSupervisor(t);
    const cell = await makeCell(t, [supervisor.id, incoming.id]);
    const s = await makeStudent(t);
    const p = await makeProposal(t, { supervisorId: supervisor.id, cellId: cell.id, memberIds: [s.id] });
    const notInCell = await post(committee, `/api/proposals/${p.id}/reassign`, { supervisorId: outsider.id });
    expect(notInCell.statusCode).toBe(400);
    expect(notInCell.json().error.fields.supervisorId).toBeTruthy();
    const same = await post(committee, `/api/proposals/${p.id}/reassign`, { supervisorId: supervisor.id });
    expect(same.statusCode).toBe(400);
    await t.database.db.execute(
      sql`insert into term_capacities (term_id, supervisor_id, capacity) values (current_term_id(), ${incoming.id}, 0)`,
    );
    const full = await post(committee, `/api/proposals/${p.id}/reassign`, { supervisorId: incoming.id });
    expect(full.statusCode).toBe(409);
    expect(full.json().error.message).toBe(MSG.noPlacesLeft("Prof. Incoming", "Default"));
    await t.database.db.execute(sql`delete from term_capacities where supervisor_id = ${incoming.id}`);
    const moved = await post(committee, `/api/proposals/${p.id}/reassign`, { supervisorId: incoming.id });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().proposal).toMatchObject({ status: "Pending", supervisor: { id: incoming.id } });
    expect(
      (
        await t.app.inject({
          method: "GET",
          url: `/api/proposals/${p.id}`,
          headers: sessionHeaders(supervisor),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: "GET",
          url: `/api/proposals/${p.id}`,
          headers: sessionHeaders(incoming),
        })
      ).statusCode,
    ).toBe(200);
    const subjects = async (who: string) =>
      (
        await t.database.db
          .select()
          .from(outbox)
          .where(and(eq(outbox.userId, who), eq(outbox.kind, "proposal.changed")))
      ).map((m) => m.subject);
    expect(await subjects(incoming.id)).toContain(`Proposal assigned to you: ${p.title}`);
    expect(await subjects(supervisor.id)).toContain(`Proposal reassigned: ${p.title}`);
    expect(await subjects(s.id)).toContain(`New supervisor: ${p.title}`);
  });
});
