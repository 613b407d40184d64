import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, makeStudent, makeSupervisor, type TestContext, type TestUser } from "../../test/app";
import { makeCell, makeProposal } from "../../test/factories";
import { connectEvents } from "../../test/sse";

let t: TestContext;
let baseUrl: string;
let supervisor: TestUser;
let member: TestUser;
let otherGroupStudent: TestUser;
let otherSupervisor: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
  [supervisor, member, otherGroupStudent, otherSupervisor] = await Promise.all([
    makeSupervisor(t),
    makeStudent(t),
    makeStudent(t),
    makeSupervisor(t),
  ]);
  await makeProposal(t, { supervisorId: otherSupervisor.id, memberIds: [otherGroupStudent.id] });
});
afterAll(async () => t?.close());

const inject = (u: TestUser, method: "POST", url: string, payload: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: u.cookie } });

describe("GET /api/events", () => {
  it("is for signed-in people only", async () => {
    const res = await fetch(`${baseUrl}/api/events`);
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe("UNAUTHENTICATED");
  });

  it("tells an invitee of the invitation, the supervisor of a complete group, the members of its review and of a notice; nobody else hears", async () => {
    const creator = await makeStudent(t, { name: "Live Creator" });
    const cell = await makeCell(t, [supervisor.id]);
    const [sup, mem, outsider, otherSup] = await Promise.all(
      [supervisor, member, otherGroupStudent, otherSupervisor].map((u) => connectEvents(baseUrl, u.cookie)),
    );
    try {
      const submitted = await inject(creator, "POST", "/api/proposals", {
        title: "Live proposal",
        abstract: "Watched live.",
        type: "Thesis",
        researchCellId: cell.id,
        supervisorId: supervisor.id,
        memberIds: [member.id],
      });
      expect(submitted.statusCode).toBe(201);
      const proposalId = submitted.json().proposal.id;
      await mem.waitFor((e) => e.type === "invitation.received" && e.proposalId === proposalId);
      // The supervisor hears of it once the invited member has accepted.
      const accepted = await inject(member, "POST", `/api/proposals/${proposalId}/invitation`, {
        accept: true,
      });
      expect(accepted.statusCode).toBe(200);
      await sup.waitFor((e) => e.type === "proposal.submitted" && e.proposalId === proposalId);

      const reviewed = await inject(supervisor, "POST", `/api/proposals/${proposalId}/review`, {
        status: "Approved",
        feedback: "Go ahead.",
      });
      expect(reviewed.statusCode).toBe(200);
      expect(
        await mem.waitFor((e) => e.type === "proposal.reviewed" && e.proposalId === proposalId),
      ).toMatchObject({
        status: "Approved",
        title: "Live proposal",
      });

      const notice = await inject(supervisor, "POST", "/api/notices", {
        proposalId,
        title: "Live notice",
        description: "Hello group.",
      });
      expect(notice.statusCode).toBe(201);
      await mem.waitFor((e) => e.type === "notice.sent" && e.title === "Live notice");

      await new Promise((r) => setTimeout(r, 300));
      for (const stream of [outsider, otherSup]) {
        expect(stream.received.filter((e) => "proposalId" in e && e.proposalId === proposalId)).toEqual([]);
      }
      // The supervisor is not a recipient of their own notice or review.
      expect(sup.received.some((e) => e.type === "notice.sent" || e.type === "proposal.reviewed")).toBe(
        false,
      );
    } finally {
      for (const s of [sup, mem, outsider, otherSup]) s.close();
    }
  });

  it("tells the sender when a recipient first opens a notice (its Read by count moves), once, and nobody else", async () => {
    const [creator, other] = [await makeStudent(t), await makeStudent(t)];
    const { id: proposalId } = await makeProposal(t, {
      supervisorId: supervisor.id,
      memberIds: [creator.id, other.id],
    });
    const sent = await inject(supervisor, "POST", "/api/notices", {
      proposalId,
      title: "Read me",
      description: "Please.",
    });
    const noticeId = sent.json().notice.id;
    const [sup, otherSup, mem] = await Promise.all(
      [supervisor, otherSupervisor, other].map((u) => connectEvents(baseUrl, u.cookie)),
    );
    try {
      expect((await inject(creator, "POST", `/api/notices/${noticeId}/read`, {})).statusCode).toBe(200);
      expect(await sup.waitFor((e) => e.type === "notice.read")).toEqual({ type: "notice.read", noticeId });
      // Opening it again changes nothing and says nothing.
      expect((await inject(creator, "POST", `/api/notices/${noticeId}/read`, {})).statusCode).toBe(200);
      // Someone who received no such notice cannot mark it, and nothing is said.
      expect((await inject(otherGroupStudent, "POST", `/api/notices/${noticeId}/read`, {})).statusCode).toBe(
        404,
      );
      await new Promise((r) => setTimeout(r, 300));
      expect(sup.received.filter((e) => e.type === "notice.read")).toHaveLength(1);
      for (const s of [otherSup, mem]) expect(s.received.some((e) => e.type === "notice.read")).toBe(false);
      const list = await t.app.inject({
        method: "GET",
        url: "/api/notices",
        headers: { cookie: supervisor.cookie },
      });
      const notice = list.json().items.find((n: { id: string }) => n.id === noticeId);
      expect(notice.recipients.filter((r: { readAt: string | null }) => r.readAt)).toHaveLength(1);
    } finally {
      for (const s of [sup, otherSup, mem]) s.close();
    }
  });

  it("nothing is announced when the change is refused", async () => {
    const s = await connectEvents(baseUrl, supervisor.cookie);
    try {
      const bad = await inject(otherGroupStudent, "POST", "/api/proposals", {
        title: "Refused",
        abstract: "x",
        type: "Thesis",
        researchCellId: (await makeCell(t, [supervisor.id])).id,
        supervisorId: supervisor.id,
        memberIds: [],
      });
      expect(bad.statusCode).toBe(409); // already in an active proposal
      await new Promise((r) => setTimeout(r, 300));
      expect(s.received.some((e) => e.type === "proposal.submitted" && e.title === "Refused")).toBe(false);
    } finally {
      s.close();
    }
  });
});
