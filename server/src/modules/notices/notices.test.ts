import { LIMITS } from "@shared/limits";
import { MSG } from "@shared/messages";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noticeRecipients, notices, outbox, proposalMembers } from "../../db/schema";
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
let otherSupervisor: TestUser;
let committee: TestUser;
let ana: TestUser;
let ben: TestUser;
let outsider: TestUser;
let groupId: string;
let otherGroupId: string;

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
  [supervisor, otherSupervisor, committee, ana, ben, outsider] = await Promise.all([
    makeSupervisor(t, { name: "Prof. Sender" }),
    makeSupervisor(t),
    makeCommittee(t),
    makeStudent(t, { name: "Ana Member" }),
    makeStudent(t, { name: "Ben Member" }),
    makeStudent(t, { name: "Olga Outsider" }),
  ]);
  groupId = (
    await makeProposal(t, {
      supervisorId: supervisor.id,
      memberIds: [ana.id, ben.id],
      title: "Group Alpha",
      status: "Approved",
    })
  ).id;
  otherGroupId = (
    await makeProposal(t, { supervisorId: otherSupervisor.id, memberIds: [outsider.id], title: "Group Beta" })
  ).id;
});
afterAll(async () => t?.close());

const send = (u: TestUser | null, payload: unknown) =>
  t.app.inject({
    method: "POST",
    url: "/api/notices",
    payload: payload as object,
    headers: sessionHeaders(u),
  });
const list = (u: TestUser | null, query = "") =>
  t.app.inject({ method: "GET", url: `/api/notices${query}`, headers: sessionHeaders(u) });
const one = (u: TestUser | null, id: string) =>
  t.app.inject({ method: "GET", url: `/api/notices/${id}`, headers: sessionHeaders(u) });
const read = (u: TestUser | null, id: string) =>
  t.app.inject({ method: "POST", url: `/api/notices/${id}/read`, headers: sessionHeaders(u) });
const unread = (u: TestUser | null) =>
  t.app.inject({ method: "GET", url: "/api/notices/unread-count", headers: sessionHeaders(u) });

async function noticeCount() {
  const [row] = await t.database.db.select({ n: count() }).from(notices);
  return Number(row.n);
}

async function sendOk(title: string, proposalId = groupId, sender = supervisor) {
  const res = await send(sender, { proposalId, title, description: `About ${title}` });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().notice as { id: string; recipients: { id: string; name: string }[] };
}

describe("POST /api/notices", () => {
  it("sends to the group's members at sending time, and to nobody else", async () => {
    const res = await send(supervisor, {
      proposalId: groupId,
      title: " Kick-off ",
      description: " Room 4.12 at 10:00 ",
    });
    expect(res.statusCode).toBe(201);
    const notice = res.json().notice;
    expect(notice).toMatchObject({
      title: "Kick-off",
      description: "Room 4.12 at 10:00",
      supervisor: { id: supervisor.id, name: "Prof. Sender" },
      group: { id: groupId, title: "Group Alpha" },
    });
    expect(notice.recipients.map((r: { name: string }) => r.name)).toEqual(["Ana Member", "Ben Member"]);
    const stored = await t.database.db
      .select({ userId: noticeRecipients.userId, readAt: noticeRecipients.readAt })
      .from(noticeRecipients)
      .where(eq(noticeRecipients.noticeId, notice.id));
    expect(stored.map((r) => r.userId).sort()).toEqual([ana.id, ben.id].sort());
    expect(stored.every((r) => r.readAt === null)).toBe(true);
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.kind, "notice.sent"));
    expect(mails.map((m) => m.userId).sort()).toEqual([ana.id, ben.id].sort());

    // A member who joins later receives later notices, not earlier ones.
    const late = await makeStudent(t, { name: "Cleo Late" });
    await t.database.db.insert(proposalMembers).values({ proposalId: groupId, userId: late.id, position: 2 });
    const second = await sendOk("Second notice");
    expect(second.recipients.map((r) => r.name)).toEqual(["Ana Member", "Ben Member", "Cleo Late"]);
    const lateList = (await list(late)).json();
    expect(lateList.items.map((n: { title: string }) => n.title)).toEqual(["Second notice"]);
    expect((await one(late, notice.id)).statusCode).toBe(404);
  });

  it("refuses a missing or blank field with 400 'Please fill all fields.' naming the field; stores nothing", async () => {
    const before = await noticeCount();
    const full = { proposalId: groupId, title: "T", description: "D" };
    for (const field of ["proposalId", "title", "description"] as const) {
      for (const value of [undefined, "", "   "]) {
        const payload: Record<string, unknown> = { ...full, [field]: value };
        if (value === undefined) delete payload[field];
        const res = await send(supervisor, payload);
        expect(res.statusCode, `${field}=${JSON.stringify(value)}`).toBe(400);
        expect(res.json().error.message).toBe(MSG.fillAllFields);
        expect(res.json().error.fields[field]).toBe(MSG.fillAllFields);
      }
    }
    const empty = await send(supervisor, {});
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().error.fields).sort()).toEqual(["description", "proposalId", "title"]);
    expect(await noticeCount()).toBe(before);
  });

  it("refuses too long text, non-text and a malformed group id with 400 naming the field", async () => {
    const before = await noticeCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ title: "x".repeat(LIMITS.noticeTitleMax + 1) }, "title"],
      [{ description: "x".repeat(LIMITS.noticeDescriptionMax + 1) }, "description"],
      [{ title: 42 }, "title"],
      [{ proposalId: "not-a-uuid" }, "proposalId"],
    ];
    for (const [patch, field] of cases) {
      const res = await send(supervisor, { proposalId: groupId, title: "T", description: "D", ...patch });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields[field]).toBeTruthy();
    }
    expect(await noticeCount()).toBe(before);
  });

  it("another supervisor's group or a missing one: 404 'Selected proposal not found.'; stores nothing", async () => {
    const before = await noticeCount();
    for (const proposalId of [otherGroupId, "00000000-0000-4000-8000-000000000000"]) {
      const res = await send(supervisor, { proposalId, title: "T", description: "D" });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(MSG.proposalNotFound);
    }
    expect(await noticeCount()).toBe(before);
  });

  it("students and committee members get 403; signed out 401; stores nothing", async () => {
    const before = await noticeCount();
    const payload = { proposalId: groupId, title: "T", description: "D" };
    expect((await send(ana, payload)).statusCode).toBe(403);
    expect((await send(committee, payload)).statusCode).toBe(403);
    expect((await send(null, payload)).statusCode).toBe(401);
    expect(await noticeCount()).toBe(before);
  });

  it("reaches the recipients live, and nobody else", async () => {
    const streams = await Promise.all(
      [ana, ben, outsider, otherSupervisor].map((u) => connectEvents(baseUrl, u.cookie)),
    );
    const notice = await sendOk("Live notice");
    const isIt = (e: { type: string; noticeId?: string }) =>
      e.type === "notice.sent" && e.noticeId === notice.id;
    await streams[0].waitFor(isIt);
    await streams[1].waitFor(isIt);
    await new Promise((r) => setTimeout(r, 300));
    expect(streams[2].received.some(isIt)).toBe(false);
    expect(streams[3].received.some(isIt)).toBe(false);
    for (const s of streams) s.close();
  });
});

describe("reading notices", () => {
  let s1: TestUser;
  let s2: TestUser;
  let sup: TestUser;
  let groupOf2: string;

  beforeAll(async () => {
    [s1, s2, sup] = await Promise.all([
      makeStudent(t),
      makeStudent(t),
      makeSupervisor(t, { name: "Dr. Pager" }),
    ]);
    groupOf2 = (
      await makeProposal(t, { supervisorId: sup.id, memberIds: [s1.id, s2.id], title: "Paged Group" })
    ).id;
    for (let i = 1; i <= 5; i++) {
      await sendOk(`N${i}`, groupOf2, sup);
      await new Promise((r) => setTimeout(r, 5));
    }
  });

  it("students list what they received, newest first, paged, with the unread count", async () => {
    const first = await list(s1, "?page=1&pageSize=2");
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.total).toBe(5);
    expect(body.unread).toBe(5);
    expect(body.items.map((n: { title: string }) => n.title)).toEqual(["N5", "N4"]);
    expect(body.items[0]).toMatchObject({
      description: "About N5",
      supervisor: { id: sup.id, name: "Dr. Pager" },
      group: { id: groupOf2, title: "Paged Group" },
      readAt: null,
    });
    expect(body.items[0].recipients).toBeUndefined();
    expect(
      (await list(s1, "?page=3&pageSize=2")).json().items.map((n: { title: string }) => n.title),
    ).toEqual(["N1"]);
    expect((await list(s1, "?page=4&pageSize=2")).json().items).toEqual([]);
    expect((await unread(s1)).json()).toEqual({ unread: 5 });
  });

  it("opening one marks it read once, for that student only", async () => {
    const [n5] = (await list(s1, "?pageSize=1")).json().items;
    const res = await read(s1, n5.id);
    expect(res.statusCode).toBe(200);
    const readAt = res.json().notice.readAt;
    expect(readAt).toEqual(expect.any(String));
    await new Promise((r) => setTimeout(r, 20));
    const again = await read(s1, n5.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().notice.readAt).toBe(readAt);
    expect((await unread(s1)).json()).toEqual({ unread: 4 });
    expect((await list(s1, "?pageSize=1")).json()).toMatchObject({ unread: 4, total: 5 });
    // The other member still has it unread.
    expect((await unread(s2)).json()).toEqual({ unread: 5 });
    expect((await one(s1, n5.id)).json().notice.readAt).toBe(readAt);
    expect((await one(s2, n5.id)).json().notice.readAt).toBeNull();
    // The sender sees who read it.
    const seen = (await one(sup, n5.id)).json().notice.recipients;
    expect(seen.find((r: { id: string }) => r.id === s1.id).readAt).toBe(readAt);
    expect(seen.find((r: { id: string }) => r.id === s2.id).readAt).toBeNull();
  });

  it("another group's student and other supervisors get 404; only recipients mark read", async () => {
    const [n] = (await list(s1, "?pageSize=1")).json().items;
    expect((await one(outsider, n.id)).statusCode).toBe(404);
    expect((await one(otherSupervisor, n.id)).statusCode).toBe(404);
    expect((await read(outsider, n.id)).statusCode).toBe(404);
    expect((await read(otherSupervisor, n.id)).statusCode).toBe(404);
    // The sender reads it but is not a recipient: nothing to mark.
    expect((await one(sup, n.id)).statusCode).toBe(200);
    expect((await read(sup, n.id)).statusCode).toBe(404);
    expect((await one(s1, "00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    expect((await one(s1, "nope")).statusCode).toBe(400);
    expect((await list(outsider)).json().items.some((x: { id: string }) => x.id === n.id)).toBe(false);
    expect((await unread(s2)).json()).toEqual({ unread: 5 });
  });

  it("supervisors list the notices they sent, newest first, paged, with recipients; not others'", async () => {
    const res = await list(sup, "?page=1&pageSize=3");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(5);
    expect(body.unread).toBeUndefined();
    expect(body.items.map((n: { title: string }) => n.title)).toEqual(["N5", "N4", "N3"]);
    expect(body.items[0].group).toEqual({ id: groupOf2, title: "Paged Group" });
    expect(body.items[0].recipients.map((r: { id: string }) => r.id).sort()).toEqual([s1.id, s2.id].sort());
    expect(
      (await list(sup, "?page=2&pageSize=3")).json().items.map((n: { title: string }) => n.title),
    ).toEqual(["N2", "N1"]);
    expect((await list(otherSupervisor)).json()).toEqual({ items: [], total: 0, capped: false });
  });

  it("committee members get 403, signed out 401, bad paging 400", async () => {
    expect((await list(committee)).statusCode).toBe(403);
    expect((await unread(committee)).statusCode).toBe(403);
    expect((await list(null)).statusCode).toBe(401);
    expect((await unread(null)).statusCode).toBe(401);
    expect((await one(null, groupId)).statusCode).toBe(401);
    expect((await read(null, groupId)).statusCode).toBe(401);
    const bad = await list(s1, "?pageSize=0");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.pageSize).toBeTruthy();
    expect((await list(s1, `?pageSize=${LIMITS.pageSizeMax + 1}`)).statusCode).toBe(400);
  });
});
