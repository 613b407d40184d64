import { randomUUID } from "node:crypto";
import { LIMITS } from "@shared/limits";
import type { ChatUnread } from "@shared/schemas/chat";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../db/schema";
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

/** The Chat badge (issue 30): unread messages per group, and reading a thread up to a message. */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const write = async (u: TestUser, proposalId: string, body: string) => {
  const res = await t.app.inject({
    method: "POST",
    url: `/api/proposals/${proposalId}/messages`,
    payload: { body },
    headers: sessionHeaders(u),
  });
  expect(res.statusCode).toBe(201);
  return res.json().message.id as string;
};
const unread = async (u: TestUser) => {
  const res = await t.app.inject({ method: "GET", url: "/api/chat/unread", headers: sessionHeaders(u) });
  expect(res.statusCode).toBe(200);
  return res.json() as ChatUnread;
};
const read = (u: TestUser | null, proposalId: string, lastMessageId: unknown) =>
  t.app.inject({
    method: "POST",
    url: `/api/proposals/${proposalId}/messages/read`,
    payload: { lastMessageId } as object,
    headers: sessionHeaders(u),
  });

async function group() {
  const supervisor = await makeSupervisor(t);
  const [creator, member] = [await makeStudent(t), await makeStudent(t)];
  const p = await makeProposal(t, { supervisorId: supervisor.id, memberIds: [creator.id, member.id] });
  return { supervisor, creator, member, proposalId: p.id };
}

describe("unread chat messages", () => {
  it("counts others' messages after what each person has read; writing and reading move their mark", async () => {
    const { supervisor, creator, member, proposalId } = await group();
    expect(await unread(creator)).toEqual({ total: 0, threads: [] });
    const first = await write(creator, proposalId, "Hello");
    await write(creator, proposalId, "Is anyone there?");
    // Their own messages are never unread to them.
    expect((await unread(creator)).total).toBe(0);
    expect(await unread(member)).toEqual({ total: 2, threads: [{ proposalId, unread: 2 }] });
    expect(await unread(supervisor)).toEqual({ total: 2, threads: [{ proposalId, unread: 2 }] });

    // Read up to the first: one left; a mark never moves back.
    expect((await read(member, proposalId, first)).json()).toEqual({ ok: true });
    expect((await unread(member)).total).toBe(1);
    const reply = await write(supervisor, proposalId, "Yes: see you Monday.");
    // Writing reads the thread up to what one wrote.
    expect((await unread(supervisor)).total).toBe(0);
    expect((await unread(member)).total).toBe(2);
    expect((await read(member, proposalId, reply)).statusCode).toBe(200);
    expect((await unread(member)).total).toBe(0);
    expect((await read(member, proposalId, first)).statusCode).toBe(200);
    expect((await unread(member)).total).toBe(0);
    expect((await unread(creator)).threads).toEqual([{ proposalId, unread: 1 }]);
  });

  it("adds up every group a supervisor has, and counts a long thread up to the cap", async () => {
    const a = await group();
    const other = await makeStudent(t);
    const b = await makeProposal(t, { supervisorId: a.supervisor.id, memberIds: [other.id] });
    await write(a.creator, a.proposalId, "One");
    await t.database.db.insert(messages).values(
      Array.from({ length: LIMITS.unreadCountMax + 5 }, (_, i) => ({
        proposalId: b.id,
        authorId: other.id,
        body: `Message ${i}`,
      })),
    );
    const mine = await unread(a.supervisor);
    expect(mine.total).toBe(1 + LIMITS.unreadCountMax);
    expect(mine.threads).toEqual(
      expect.arrayContaining([
        { proposalId: a.proposalId, unread: 1 },
        { proposalId: b.id, unread: LIMITS.unreadCountMax },
      ]),
    );
  });

  it("is for group members and their supervisor: 401, 403, 404 for others' threads or messages, 400 for a bad id", async () => {
    const { creator, proposalId } = await group();
    const message = await write(creator, proposalId, "Private");
    const elsewhere = await group();
    const foreign = await write(elsewhere.creator, elsewhere.proposalId, "Elsewhere");
    expect((await read(null, proposalId, message)).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/chat/unread" })).statusCode).toBe(401);
    const committee = await makeCommittee(t);
    expect((await read(committee, proposalId, message)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/chat/unread", headers: sessionHeaders(committee) }))
        .statusCode,
    ).toBe(403);
    // Not theirs: not there.
    for (const u of [await makeStudent(t), await makeSupervisor(t), elsewhere.supervisor])
      expect((await read(u, proposalId, message)).statusCode).toBe(404);
    // A message of another thread, or none at all.
    expect((await read(creator, proposalId, foreign)).statusCode).toBe(404);
    expect((await read(creator, proposalId, randomUUID())).statusCode).toBe(404);
    const bad = await read(creator, proposalId, "nope");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ lastMessageId: "Invalid message." });
    // An outsider's count holds nothing of the group's.
    expect(await unread(await makeStudent(t))).toEqual({ total: 0, threads: [] });
  });
});
