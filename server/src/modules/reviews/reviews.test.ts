import { LIMITS } from "@shared/limits";
import { MSG } from "@shared/messages";
import { and, eq } from "drizzle-orm";
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
import { makeProposal } from "../../test/factories";

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
