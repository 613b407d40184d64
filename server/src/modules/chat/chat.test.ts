import { LIMITS } from "@shared/limits";
import { count, eq } from "drizzle-orm";
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
import { connectEvents } from "../../test/sse";

let t: TestContext;
let baseUrl: string;
let supervisor: TestUser;
let creator: TestUser;
let member: TestUser;
let outsider: TestUser;
let otherSupervisor: TestUser;
let committee: TestUser;
let proposalId: string;

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
  [supervisor, creator, member, outsider, otherSupervisor, committee] = await Promise.all([
    makeSupervisor(t),
    makeStudent(t, { name: "Creator Student" }),
    makeStudent(t),
    makeStudent(t),
    makeSupervisor(t),
    makeCommittee(t),
  ]);
  proposalId = (await makeProposal(t, { supervisorId: supervisor.id, memberIds: [creator.id, member.id] }))
    .id;
});
afterAll(async () => t?.close());

const post = (u: TestUser | null, body: unknown, id = proposalId) =>
  t.app.inject({
    method: "POST",
    url: `/api/proposals/${id}/messages`,
    payload: body as object,
    headers: sessionHeaders(u),
  });
const get = (u: TestUser | null, query = "", id = proposalId) =>
  t.app.inject({
    method: "GET",
    url: `/api/proposals/${id}/messages${query}`,
    headers: sessionHeaders(u),
  });

async function messageCount() {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(messages)
    .where(eq(messages.proposalId, proposalId));
  return Number(row.n);
}

describe("group chat", () => {
  it("members and the supervisor read and write the thread, with author and time", async () => {
    const a = await post(creator, { body: "Hello team" });
    expect(a.statusCode).toBe(201);
    expect(a.json().message).toMatchObject({
      body: "Hello team",
      author: { id: creator.id, name: "Creator Student", role: "student" },
    });
    expect((await post(member, { body: "Hi!" })).statusCode).toBe(201);
    expect((await post(supervisor, { body: "Welcome, both of you." })).statusCode).toBe(201);
    for (const u of [creator, member, supervisor]) {
      const res = await get(u);
      expect(res.statusCode).toBe(200);
      expect(res.json().items.map((m: { body: string }) => m.body)).toEqual([
        "Hello team",
        "Hi!",
        "Welcome, both of you.",
      ]);
    }
  });

  it("another student and another supervisor get 404; committee 403; signed out 401; unknown id 404", async () => {
    const before = await messageCount();
    for (const u of [outsider, otherSupervisor]) {
      expect((await get(u)).statusCode).toBe(404);
      expect((await post(u, { body: "let me in" })).statusCode).toBe(404);
    }
    expect((await get(committee)).statusCode).toBe(403);
    expect((await post(committee, { body: "x" })).statusCode).toBe(403);
    expect((await get(null)).statusCode).toBe(401);
    expect((await post(null, { body: "x" })).statusCode).toBe(401);
    expect((await get(creator, "", "00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    expect((await get(creator, "", "not-a-uuid")).statusCode).toBe(400);
    expect(await messageCount()).toBe(before);
  });

  it("refuses empty, blank, too long and non-text bodies with 400 and stores nothing", async () => {
    const before = await messageCount();
    for (const body of [
      {},
      { body: "" },
      { body: "   " },
      { body: "x".repeat(LIMITS.messageMax + 1) },
      { body: 42 },
      { body: ["a"] },
    ]) {
      const res = await post(creator, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.body).toBeTruthy();
    }
    expect(await messageCount()).toBe(before);
    expect((await post(creator, { body: "x".repeat(LIMITS.messageMax) })).statusCode).toBe(201);
  });

  it("keeps Unicode and markup intact as text", async () => {
    const body = "שלום 👋🏽 zero\u200bwidth <script>alert(1)</script> '; drop table messages; --";
    expect((await post(member, { body })).statusCode).toBe(201);
    const items = (await get(member)).json().items;
    expect(items.at(-1).body).toBe(body);
  });

  it("pages back with ?before=, oldest first within a page", async () => {
    const p = await makeProposal(t, { supervisorId: supervisor.id, memberIds: [outsider.id] });
    for (let i = 1; i <= 7; i++) expect((await post(outsider, { body: `m${i}` }, p.id)).statusCode).toBe(201);
    const first = (await get(outsider, "?limit=3", p.id)).json();
    expect(first.items.map((m: { body: string }) => m.body)).toEqual(["m5", "m6", "m7"]);
    expect(first.hasMore).toBe(true);
    const second = (await get(outsider, `?limit=3&before=${first.items[0].id}`, p.id)).json();
    expect(second.items.map((m: { body: string }) => m.body)).toEqual(["m2", "m3", "m4"]);
    const third = (await get(outsider, `?limit=3&before=${second.items[0].id}`, p.id)).json();
    expect(third.items.map((m: { body: string }) => m.body)).toEqual(["m1"]);
    expect(third.hasMore).toBe(false);
  });

  it("a new message reaches the group and the supervisor live, and nobody else", async () => {
    const streams = await Promise.all(
      [member, supervisor, otherSupervisor].map((u) => connectEvents(baseUrl, u.cookie)),
    );
    const res = await post(creator, { body: "live!" });
    const id = res.json().message.id;
    const isIt = (e: { type: string; messageId?: string }) =>
      e.type === "message.created" && e.messageId === id;
    await streams[0].waitFor(isIt);
    await streams[1].waitFor(isIt);
    await new Promise((r) => setTimeout(r, 300));
    expect(streams[2].received.some(isIt)).toBe(false);
    for (const s of streams) s.close();
  });
});
