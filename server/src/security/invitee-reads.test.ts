import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertVersion } from "../modules/versions/versions.repository";
import {
  createTestApp,
  makeCommittee,
  makeStudent,
  makeSupervisor,
  sessionHeaders,
  type TestContext,
  type TestUser,
  unique,
} from "../test/app";
import { makeCell } from "../test/factories";
import { makePdf, multipartFile } from "../test/pdf";

/**
 * What an open invitation reads (DESIGN.md §9): the proposal (title, abstract, creator, supervisor,
 * cell), in an allocation term its ranked topics, and its current document; not its timeline nor
 * its earlier versions. An accepted member reads everything.
 */

let t: TestContext;
let committee: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  committee = await makeCommittee(t);
});
afterAll(async () => t?.close());

const call = (user: TestUser, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    payload: payload ?? (method === "GET" ? undefined : {}),
    headers: sessionHeaders(user),
  });
const status = async (user: TestUser, url: string) => (await call(user, "GET", url)).statusCode;

async function upload(user: TestUser, text: string, name: string) {
  const part = multipartFile(makePdf([text]), name);
  const res = await t.app.inject({
    method: "POST",
    url: "/api/files",
    payload: part.payload,
    headers: { ...part.headers, ...sessionHeaders(user) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; name: string; size: number };
}

describe("an invitee reads the proposal and its current document, not its timeline or earlier versions", () => {
  it("in a direct term: 200 for the proposal and the current document, 404 for the rest until they accept", async () => {
    const supervisor = await makeSupervisor(t);
    const cell = await makeCell(t, [supervisor.id]);
    const [creator, invitee] = await Promise.all([
      makeStudent(t, { name: "Creator Reads" }),
      makeStudent(t, { name: "Invitee Reads" }),
    ]);
    const first = await upload(creator, "Version one", "first.pdf");
    const submitted = await call(creator, "POST", "/api/proposals", {
      title: "Read by an invitee",
      abstract: "The first abstract.",
      type: "Thesis",
      researchCellId: cell.id,
      supervisorId: supervisor.id,
      memberIds: [invitee.id],
      documentId: first.id,
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const id = submitted.json().proposal.id as string;
    // No route makes a version while invitations are open: written straight to the database
    // (as the versions route writes it), so that the invitee faces an earlier version.
    const current = await upload(creator, "Version two", "current.pdf");
    await insertVersion(t.database.db, {
      proposalId: id,
      title: "Read by an invitee, version 2",
      abstract: "The current abstract.",
      documentId: current.id,
      note: "A note of version 2.",
      authorId: creator.id,
      at: new Date(),
    });

    // The proposal, with what it carries: title, abstract, creator, supervisor, cell, current document.
    const read = await call(invitee, "GET", `/api/proposals/${id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().proposal).toMatchObject({
      title: "Read by an invitee, version 2",
      abstract: "The current abstract.",
      createdBy: { id: creator.id, name: creator.name },
      supervisor: { id: supervisor.id, name: supervisor.name },
      researchCell: { id: cell.id },
      version: 2,
      document: current,
      status: "Awaiting members",
    });
    expect(await status(invitee, `/api/files/${current.id}`)).toBe(200);
    // Not its timeline, nor its versions (so no diff), nor an earlier version's document.
    expect(await status(invitee, `/api/proposals/${id}/timeline`)).toBe(404);
    expect(await status(invitee, `/api/proposals/${id}/versions`)).toBe(404);
    expect(await status(invitee, `/api/files/${first.id}`)).toBe(404);
    // No chat and no notices: those are the group's (and the supervisor cannot send one yet).
    expect(await status(invitee, `/api/proposals/${id}/messages`)).toBe(404);
    expect((await call(invitee, "POST", `/api/proposals/${id}/messages`, { body: "Hello" })).statusCode).toBe(
      404,
    );
    const notice = await call(supervisor, "POST", "/api/notices", {
      proposalId: id,
      title: "Too early",
      description: "Not yet.",
    });
    expect(notice.statusCode).toBe(404);
    expect((await call(invitee, "GET", "/api/notices")).json().items).toEqual([]);
    // Their export follows the same rule: the proposal, no versions, only the row about them.
    const mine = (await call(invitee, "GET", "/api/me/export")).json();
    expect(mine.proposals).toEqual([
      expect.objectContaining({ id, title: "Read by an invitee, version 2", yourRole: "invitee" }),
    ]);
    expect(mine.versions).toEqual([]);
    expect(mine.timeline.map((r: { action: string }) => r.action)).toEqual(["invite"]);
    expect(JSON.stringify(mine)).not.toContain("A note of version 2.");

    // The creator, an accepted member, reads everything.
    expect(await status(creator, `/api/proposals/${id}/timeline`)).toBe(200);
    const versions = await call(creator, "GET", `/api/proposals/${id}/versions`);
    expect(versions.statusCode).toBe(200);
    expect(versions.json().items.map((v: { number: number }) => v.number)).toEqual([2, 1]);
    expect(await status(creator, `/api/files/${first.id}`)).toBe(200);
    expect(await status(creator, `/api/files/${current.id}`)).toBe(200);

    // Once they accept, so does the invitee.
    expect(
      (await call(invitee, "POST", `/api/proposals/${id}/invitation`, { accept: true })).statusCode,
    ).toBe(200);
    const timeline = await call(invitee, "GET", `/api/proposals/${id}/timeline`);
    expect(timeline.statusCode).toBe(200);
    expect(timeline.json().items.map((r: { action: string }) => r.action)).toEqual([
      "submit",
      "invite",
      "accept",
    ]);
    expect((await call(invitee, "GET", `/api/proposals/${id}/versions`)).json().items).toHaveLength(2);
    expect(await status(invitee, `/api/files/${first.id}`)).toBe(200);
    expect(await status(invitee, `/api/proposals/${id}/messages`)).toBe(200);
    const after = (await call(invitee, "GET", "/api/me/export")).json();
    expect(after.versions.map((v: { number: number }) => v.number)).toEqual([1, 2]);
    expect(after.proposals).toEqual([expect.objectContaining({ id, yourRole: "member" })]);
  });

  it("in an allocation term: 200 for the ranked topics, 404 for the timeline and versions", async () => {
    const defaultTerm = (await call(committee, "GET", "/api/terms"))
      .json()
      .items.find((x: { current: boolean }) => x.current).id;
    const term = (
      await call(committee, "POST", "/api/terms", {
        name: `Allocation ${unique("a")}`,
        mode: "allocation",
        defaultCapacity: 1,
        maxPreferences: 3,
      })
    ).json().term;
    expect((await call(committee, "POST", `/api/terms/${term.id}/current`)).statusCode).toBe(200);
    try {
      const supervisor = await makeSupervisor(t);
      const cell = await makeCell(t, [supervisor.id]);
      const topic = await call(supervisor, "POST", "/api/topics", {
        termId: term.id,
        title: "A ranked topic",
        description: "About it.",
        type: "Thesis",
        researchCellId: cell.id,
        capacity: 1,
      });
      expect(topic.statusCode, topic.body).toBe(201);
      const topicId = topic.json().topic.id as string;
      const [creator, invitee, outsider] = await Promise.all([
        makeStudent(t),
        makeStudent(t),
        makeStudent(t),
      ]);
      const submitted = await call(creator, "POST", "/api/proposals", {
        type: "Thesis",
        preferences: [topicId],
        memberIds: [invitee.id],
      });
      expect(submitted.statusCode, submitted.body).toBe(201);
      const id = submitted.json().proposal.id as string;

      expect(await status(invitee, `/api/proposals/${id}`)).toBe(200);
      const ranked = await call(invitee, "GET", `/api/proposals/${id}/preferences`);
      expect(ranked.statusCode).toBe(200);
      expect(ranked.json().items).toEqual([expect.objectContaining({ topicId, title: "A ranked topic" })]);
      expect(await status(invitee, `/api/proposals/${id}/timeline`)).toBe(404);
      expect(await status(invitee, `/api/proposals/${id}/versions`)).toBe(404);
      // Reading is not changing: the list is the members' to change.
      expect(
        (await call(invitee, "PUT", `/api/proposals/${id}/preferences`, { topicIds: [topicId] })).statusCode,
      ).toBe(404);
      expect(await status(outsider, `/api/proposals/${id}/preferences`)).toBe(404);
      expect(await status(creator, `/api/proposals/${id}/timeline`)).toBe(200);
      expect(await status(creator, `/api/proposals/${id}/versions`)).toBe(200);
    } finally {
      await call(committee, "POST", `/api/terms/${defaultTerm}/current`);
    }
  });
});
