import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, makeStudent, makeSupervisor, type TestContext } from "../../test/app";
import { makeProposal } from "../../test/factories";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const exportOf = (cookie?: string) =>
  t.app.inject({ method: "GET", url: "/api/me/export", headers: cookie ? { cookie } : {} });

describe("GET /api/me/export", () => {
  it("hands the caller a JSON file of their account, proposals, notices and messages, without secrets", async () => {
    const [student, member, supervisor, stranger] = await Promise.all([
      makeStudent(t),
      makeStudent(t),
      makeSupervisor(t),
      makeStudent(t),
    ]);
    const proposal = await makeProposal(t, {
      supervisorId: supervisor.id,
      memberIds: [student.id, member.id],
    });
    const other = await makeProposal(t, { supervisorId: supervisor.id, memberIds: [stranger.id] });
    const sent = await t.app.inject({
      method: "POST",
      url: "/api/notices",
      headers: { cookie: supervisor.cookie },
      payload: { proposalId: proposal.id, title: "Meeting", description: "Monday at ten." },
    });
    expect(sent.statusCode).toBe(201);
    for (const [who, body] of [
      [student, "My own words."],
      [member, "Someone else's words."],
    ] as const)
      await t.app.inject({
        method: "POST",
        url: `/api/proposals/${proposal.id}/messages`,
        headers: { cookie: who.cookie },
        payload: { body },
      });

    const res = await exportOf(student.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="thesisdesk-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = res.json();
    expect(data.account).toMatchObject({
      id: student.id,
      name: student.name,
      email: student.email,
      role: "student",
      studentId: student.studentId,
    });
    expect(data.account.signInMethods).toEqual([expect.objectContaining({ provider: "credential" })]);
    expect(data.account.sessions.length).toBeGreaterThan(0);
    expect(data.proposals).toEqual([
      expect.objectContaining({
        id: proposal.id,
        title: proposal.title,
        yourRole: "creator",
        supervisor: expect.objectContaining({ id: supervisor.id, name: supervisor.name }),
        members: [
          expect.objectContaining({ name: student.name, studentId: student.studentId, position: 0 }),
          expect.objectContaining({ name: member.name, studentId: member.studentId, position: 1 }),
        ],
      }),
    ]);
    expect(data.noticesReceived).toEqual([
      expect.objectContaining({ title: "Meeting", description: "Monday at ten.", from: supervisor.name }),
    ]);
    expect(data.noticesSent).toEqual([]);
    expect(data.messages.map((m: { body: string }) => m.body)).toEqual(["My own words."]);
    // Its versions and its timeline (DESIGN.md §9): the notice sent is no timeline row; a review is.
    expect(data.versions).toEqual([
      expect.objectContaining({ proposalId: proposal.id, number: 1, title: proposal.title }),
    ]);
    const reviewed = await t.app.inject({
      method: "POST",
      url: `/api/proposals/${proposal.id}/review`,
      headers: { cookie: supervisor.cookie },
      payload: { status: "Changes requested", feedback: "Narrow it." },
    });
    expect(reviewed.statusCode).toBe(200);
    const again = (await exportOf(student.cookie)).json();
    expect(again.timeline).toEqual([
      expect.objectContaining({
        who: supervisor.name,
        action: "requestChanges",
        from: "Pending",
        to: "Changes requested",
        note: "Narrow it.",
      }),
    ]);
    // Nothing of anyone else's, and no secrets.
    expect(res.body).not.toContain(other.id);
    expect(res.body).not.toContain(stranger.email);
    expect(res.body).not.toMatch(/password|argon2|token/i);
    expect(res.body).not.toContain(student.cookie.split("=")[1].split(".")[0]);

    const ofSupervisor = (await exportOf(supervisor.cookie)).json();
    expect(
      ofSupervisor.proposals.map((p: { id: string; yourRole: string }) => [p.id, p.yourRole]).sort(),
    ).toEqual(
      [
        [proposal.id, "supervisor"],
        [other.id, "supervisor"],
      ].sort(),
    );
    expect(ofSupervisor.noticesSent).toEqual([expect.objectContaining({ title: "Meeting" })]);
  });

  it("401 signed out", async () => {
    const res = await exportOf();
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe("UNAUTHENTICATED");
  });
});
