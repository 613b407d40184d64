import { randomUUID } from "node:crypto";
import type { SimilarProposal } from "@shared/schemas/proposals";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
import { makeProposal } from "../../test/factories";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const similar = (user: TestUser | null, title: string, exclude?: string) =>
  t.app.inject({
    method: "GET",
    url: "/api/proposals/similar",
    query: { title, ...(exclude ? { exclude } : {}) },
    headers: sessionHeaders(user),
  });

const titles = async (user: TestUser, title: string, exclude?: string) => {
  const res = await similar(user, title, exclude);
  expect(res.statusCode).toBe(200);
  return (res.json().items as SimilarProposal[]).map((p) => p.title);
};

/**
 * A word no other test's titles share, so that each test's titles are alike only among
 * themselves (the database is shared by the file).
 */
const word = () => unique("w").replace(/[^a-z0-9]/gi, "");

describe("GET /api/proposals/similar", () => {
  it("answers 401 signed out and 400 naming the title when it is missing or too long", async () => {
    expect((await similar(null, "Graph networks")).statusCode).toBe(401);
    const student = await makeStudent(t);
    const none = await t.app.inject({
      method: "GET",
      url: "/api/proposals/similar",
      headers: sessionHeaders(student),
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields).toHaveProperty("title");
    const long = await similar(student, "x".repeat(201));
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields.title).toBe("Title must be at most 200 characters.");
    const bad = await similar(student, "Graph networks", "not-an-id");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty("exclude");
  });

  it("the committee: every proposal, the most similar first, at most five, each with status, year and similarity", async () => {
    const w = word();
    const supervisor = await makeSupervisor(t);
    const student = await makeStudent(t);
    const exact = `Graph neural networks for ${w} detection`;
    await makeProposal(t, { supervisorId: supervisor.id, memberIds: [student.id], title: exact });
    for (const [i, status] of (
      ["Approved", "Denied", "Withdrawn", "Pending", "Pending"] as const
    ).entries()) {
      const other = await makeStudent(t);
      await makeProposal(t, {
        supervisorId: supervisor.id,
        memberIds: [other.id],
        status,
        title: `Graph neural networks for ${w} detection in ${["banks", "email", "web pages", "phones", "social media"][i]}`,
      });
    }
    const committee = await makeCommittee(t);
    const res = await similar(committee, exact);
    expect(res.statusCode).toBe(200);
    const items = res.json().items as SimilarProposal[];
    expect(items).toHaveLength(5);
    expect(items[0]).toMatchObject({ title: exact, status: "Pending", similarity: 1 });
    expect(items[0].year).toBe(new Date().getUTCFullYear());
    for (let i = 1; i < items.length; i++)
      expect(items[i - 1].similarity).toBeGreaterThanOrEqual(items[i].similarity);
    expect(items.every((p) => p.similarity > 0 && p.similarity <= 1)).toBe(true);
    // Nothing alike: nothing.
    expect(await titles(committee, `Medieval ${word()} poetry`)).toEqual([]);
  });

  it("a student: only their own proposals (and those they are invited to), never another group's", async () => {
    const w = word();
    const supervisor = await makeSupervisor(t);
    const [mine, theirs, invitee] = [await makeStudent(t), await makeStudent(t), await makeStudent(t)];
    await makeProposal(t, {
      supervisorId: supervisor.id,
      memberIds: [mine.id],
      status: "Denied",
      title: `Phishing ${w} detection with graphs`,
    });
    await makeProposal(t, {
      supervisorId: supervisor.id,
      memberIds: [theirs.id],
      title: `Phishing ${w} detection with graph networks`,
      status: "Awaiting members",
      invitedIds: [invitee.id],
    });
    const title = `Phishing ${w} detection`;
    expect(await titles(mine, title)).toEqual([`Phishing ${w} detection with graphs`]);
    expect(await titles(theirs, title)).toEqual([`Phishing ${w} detection with graph networks`]);
    expect(await titles(invitee, title)).toEqual([`Phishing ${w} detection with graph networks`]);
    expect(await titles(await makeStudent(t), title)).toEqual([]);
  });

  it("a supervisor: the proposals addressed to them that reached them, not another supervisor's", async () => {
    const w = word();
    const [ada, bob] = [await makeSupervisor(t), await makeSupervisor(t)];
    const mine = await makeProposal(t, {
      supervisorId: ada.id,
      memberIds: [(await makeStudent(t)).id],
      title: `Campus ${w} navigation app`,
    });
    await makeProposal(t, {
      supervisorId: bob.id,
      memberIds: [(await makeStudent(t)).id],
      title: `Campus ${w} navigation app for visitors`,
    });
    // Still Awaiting members: it has not reached Ada yet (DESIGN.md §9).
    const s = await makeStudent(t);
    await makeProposal(t, {
      supervisorId: ada.id,
      memberIds: [s.id],
      status: "Awaiting members",
      invitedIds: [(await makeStudent(t)).id],
      title: `Campus ${w} navigation app, indoor`,
    });
    expect(await titles(ada, `Campus ${w} navigation`)).toEqual([`Campus ${w} navigation app`]);
    // The review of a proposal leaves that proposal out.
    expect(await titles(ada, `Campus ${w} navigation app`, mine.id)).toEqual([]);
    expect(await titles(bob, `Campus ${w} navigation`)).toEqual([`Campus ${w} navigation app for visitors`]);
  });

  it("a title too short to compare finds nothing; an unknown id to leave out changes nothing", async () => {
    const committee = await makeCommittee(t);
    const w = word();
    const supervisor = await makeSupervisor(t);
    await makeProposal(t, {
      supervisorId: supervisor.id,
      memberIds: [(await makeStudent(t)).id],
      title: "AI",
    });
    await makeProposal(t, {
      supervisorId: supervisor.id,
      memberIds: [(await makeStudent(t)).id],
      title: `Robots ${w}`,
    });
    expect(await titles(committee, "AI")).toEqual([]);
    expect(await titles(committee, `Robots ${w}`, randomUUID())).toEqual([`Robots ${w}`]);
  });
});
