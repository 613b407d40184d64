import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestApp,
  makeStudent,
  makeSupervisor,
  sessionHeaders,
  type TestContext,
  type TestUser,
} from "../test/app";
import { makeCell } from "../test/factories";

/**
 * "Download my data" holds only what the caller may see today (DESIGN.md §21): the proposals the
 * screens show them, and of those only the parts the screens show (§9); of what they can no longer
 * see, only their own past (decision 0039).
 */

let t: TestContext;
let supervisor: TestUser;
let cellId: string;
beforeAll(async () => {
  t = await createTestApp();
  supervisor = await makeSupervisor(t, { name: "Prof. Export" });
  cellId = (await makeCell(t, [supervisor.id])).id;
});
afterAll(async () => t?.close());

const call = (user: TestUser, method: "GET" | "POST", url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    payload: payload ?? (method === "POST" ? {} : undefined),
    headers: sessionHeaders(user),
  });

async function ok(user: TestUser, url: string, payload: object = {}) {
  const res = await call(user, "POST", url, payload);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
}

async function submit(creator: TestUser, invitees: TestUser[], title: string) {
  const body = await ok(creator, "/api/proposals", {
    title,
    abstract: `The first abstract of ${title}.`,
    type: "Thesis",
    researchCellId: cellId,
    supervisorId: supervisor.id,
    memberIds: invitees.map((i) => i.id),
  });
  return body.proposal as { id: string; title: string };
}

interface Export {
  proposals: { id: string; title: string; abstract: string; feedback: string | null; yourRole: string }[];
  versions: { proposalId: string; number: number; title: string; note: string | null }[];
  timeline: { action: string; proposalId: string | null; proposal: string | null; note: string | null }[];
  messages: { body: string; proposalId: string; proposal: string | null }[];
}
async function exportOf(user: TestUser) {
  const res = await call(user, "GET", "/api/me/export");
  expect(res.statusCode).toBe(200);
  return { raw: res.body, data: res.json() as Export };
}

describe("Download my data holds what the caller may see today", () => {
  it("a student who declined an invitation keeps their answer, not the proposal's later abstract, version 2, its note or the denial", async () => {
    const [creator, decliner, member] = await Promise.all([
      makeStudent(t, { name: "Creator Decl" }),
      makeStudent(t, { name: "Decliner Decl" }),
      makeStudent(t, { name: "Member Decl" }),
    ]);
    const p = await submit(creator, [decliner, member], "Declined first title");
    await ok(decliner, `/api/proposals/${p.id}/invitation`, { accept: false });
    await ok(member, `/api/proposals/${p.id}/invitation`, { accept: true });
    await ok(supervisor, `/api/proposals/${p.id}/review`, {
      status: "Changes requested",
      feedback: "Feedback the decliner never saw.",
    });
    await ok(creator, `/api/proposals/${p.id}/versions`, {
      title: "Declined second title",
      abstract: "The later abstract the decliner never saw.",
      note: "A private note of version 2.",
    });
    await ok(supervisor, `/api/proposals/${p.id}/review`, {
      status: "Denied",
      feedback: "The denial reason the decliner never saw.",
    });
    // Every proposal route answers them 404 ...
    for (const part of ["", "/versions", "/timeline"])
      expect((await call(decliner, "GET", `/api/proposals/${p.id}${part}`)).statusCode).toBe(404);
    // ... and so does the export: nothing written after they declined.
    const own = await submit(decliner, [], "The decliner's own proposal");
    const { raw, data } = await exportOf(decliner);
    for (const later of [
      "Declined second title",
      "The later abstract the decliner never saw.",
      "A private note of version 2.",
      "Feedback the decliner never saw.",
      "The denial reason the decliner never saw.",
      member.studentId!,
    ])
      expect(raw).not.toContain(later);
    expect(data.proposals.map((x) => x.id)).toEqual([own.id]);
    expect(data.versions.map((v) => v.proposalId)).toEqual([own.id]);
    // What they may keep: their own answer, and being invited, under the title they were shown.
    expect(data.timeline.filter((r) => r.proposalId === p.id)).toEqual([
      expect.objectContaining({ action: "invite", proposal: "Declined first title" }),
      expect.objectContaining({ action: "decline", proposal: "Declined first title" }),
    ]);
    // Their own proposal, whole, as the screens show it.
    expect(data.proposals[0]).toMatchObject({ title: "The decliner's own proposal", yourRole: "creator" });
    expect(data.timeline.filter((r) => r.proposalId === own.id).map((r) => r.action)).toEqual(["submit"]);

    // Those still in the group get everything.
    const ofMember = (await exportOf(member)).data;
    expect(ofMember.proposals).toEqual([
      expect.objectContaining({
        id: p.id,
        title: "Declined second title",
        abstract: "The later abstract the decliner never saw.",
        feedback: "The denial reason the decliner never saw.",
        yourRole: "member",
      }),
    ]);
    expect(ofMember.versions.map((v) => [v.number, v.note])).toEqual([
      [1, null],
      [2, "A private note of version 2."],
    ]);
    expect(ofMember.timeline.map((r) => r.note)).toContain("Feedback the decliner never saw.");
  });

  it("a member who left keeps what they wrote, not the feedback written after they left", async () => {
    const [creator, leaver, late] = await Promise.all([
      makeStudent(t, { name: "Creator Left" }),
      makeStudent(t, { name: "Leaver Left" }),
      makeStudent(t, { name: "Late Left" }),
    ]);
    const p = await submit(creator, [leaver, late], "A group someone left");
    await ok(leaver, `/api/proposals/${p.id}/invitation`, { accept: true });
    await ok(leaver, `/api/proposals/${p.id}/messages`, { body: "The leaver's own words." });
    await ok(leaver, `/api/proposals/${p.id}/leave`);
    await ok(late, `/api/proposals/${p.id}/invitation`, { accept: true });
    await ok(supervisor, `/api/proposals/${p.id}/review`, {
      status: "Changes requested",
      feedback: "Feedback written after the leaver left.",
    });
    await ok(late, `/api/proposals/${p.id}/messages`, { body: "Words after the leaver left." });
    expect((await call(leaver, "GET", `/api/proposals/${p.id}`)).statusCode).toBe(404);

    const { raw, data } = await exportOf(leaver);
    for (const later of [
      "Feedback written after the leaver left.",
      "Words after the leaver left.",
      late.name,
      late.studentId!,
    ])
      expect(raw).not.toContain(later);
    expect(data.proposals).toEqual([]);
    expect(data.versions).toEqual([]);
    // Their own past: invited, accepted, left; and the message they wrote.
    expect(data.timeline.filter((r) => r.proposalId === p.id).map((r) => [r.action, r.proposal])).toEqual([
      ["invite", "A group someone left"],
      ["accept", "A group someone left"],
      ["leave", "A group someone left"],
    ]);
    expect(data.messages).toEqual([
      expect.objectContaining({
        body: "The leaver's own words.",
        proposalId: p.id,
        proposal: "A group someone left",
      }),
    ]);

    // The member who joined after gets the feedback and every row.
    const ofLate = await exportOf(late);
    expect(ofLate.data.proposals).toEqual([
      expect.objectContaining({
        id: p.id,
        feedback: "Feedback written after the leaver left.",
        yourRole: "member",
      }),
    ]);
    expect(ofLate.data.timeline.map((r) => r.action)).toEqual(
      expect.arrayContaining(["submit", "accept", "leave", "requestChanges"]),
    );
  });

  it("a supervisor's export has no proposal still Awaiting members, nor its invitees, until it reaches them", async () => {
    const [creator, invitee, soloist] = await Promise.all([
      makeStudent(t, { name: "Creator Await" }),
      makeStudent(t, { name: "Invitee Await" }),
      makeStudent(t, { name: "Soloist Await" }),
    ]);
    const own = await makeSupervisor(t, { name: "Prof. Awaiting" });
    const cell = await makeCell(t, [own.id]);
    const send = (s: TestUser, memberIds: string[], title: string) =>
      ok(s, "/api/proposals", {
        title,
        abstract: `About ${title}.`,
        type: "Project",
        researchCellId: cell.id,
        supervisorId: own.id,
        memberIds,
      });
    const awaiting = (await send(creator, [invitee.id], "Still awaiting members")).proposal;
    const pending = (await send(soloist, [], "Already pending")).proposal;
    expect((await call(own, "GET", `/api/proposals/${awaiting.id}`)).statusCode).toBe(404);

    const { raw, data } = await exportOf(own);
    for (const hidden of [
      "Still awaiting members",
      awaiting.id,
      invitee.name,
      invitee.studentId!,
      creator.studentId!,
    ])
      expect(raw).not.toContain(hidden);
    // What reached them is there, whole.
    expect(data.proposals).toEqual([
      expect.objectContaining({ id: pending.id, title: "Already pending", yourRole: "supervisor" }),
    ]);
    expect(data.versions.map((v) => v.proposalId)).toEqual([pending.id]);
    expect(data.timeline.map((r) => [r.action, r.proposalId])).toEqual([["submit", pending.id]]);

    // Once the group is complete it reaches them, and the export has it.
    await ok(invitee, `/api/proposals/${awaiting.id}/invitation`, { accept: true });
    const after = (await exportOf(own)).data;
    expect(after.proposals.map((x) => x.id).sort()).toEqual([awaiting.id, pending.id].sort());
  });
});
