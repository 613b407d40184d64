import { MSG } from "@shared/messages";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { researchCells } from "../../db/schema";
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
import { makeCell, makeProposal } from "../../test/factories";

let t: TestContext;
let committee: TestUser;
let student: TestUser;
let supervisor: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  [committee, student, supervisor] = await Promise.all([makeCommittee(t), makeStudent(t), makeSupervisor(t)]);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, user: TestUser | null) =>
  t.app.inject({ method: "GET", url, headers: sessionHeaders(user) });
const post = (payload: unknown, user: TestUser | null = committee) =>
  t.app.inject({
    method: "POST",
    url: "/api/research-cells",
    payload: payload as object,
    headers: sessionHeaders(user),
  });
const patch = (id: string, payload: unknown, user: TestUser | null = committee) =>
  t.app.inject({
    method: "PATCH",
    url: `/api/research-cells/${id}`,
    payload: payload as object,
    headers: sessionHeaders(user),
  });

async function cellCount() {
  const [row] = await t.database.db.select({ n: count() }).from(researchCells);
  return Number(row.n);
}
const newTitle = () => `Cell ${unique("t")}`;

describe("GET /api/research-cells", () => {
  it("401 signed out", async () => {
    const res = await get("/api/research-cells", null);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe("UNAUTHENTICATED");
  });

  it("lists every cell with supervisor and proposal counts, for every role", async () => {
    const s2 = await makeSupervisor(t);
    const cell = await makeCell(t, [supervisor.id, s2.id]);
    const members = [await makeStudent(t), await makeStudent(t)];
    await makeProposal(t, { supervisorId: supervisor.id, memberIds: [members[0].id], cellId: cell.id });
    await makeProposal(t, {
      supervisorId: s2.id,
      memberIds: [members[1].id],
      cellId: cell.id,
      status: "Denied",
    });
    const empty = await makeCell(t);
    for (const user of [committee, student, supervisor]) {
      const res = await get("/api/research-cells", user);
      expect(res.statusCode).toBe(200);
      const items = res.json().items as { id: string; supervisorCount: number; proposalCount: number }[];
      expect(items.find((c) => c.id === cell.id)).toMatchObject({
        title: cell.title,
        description: cell.description,
        supervisorCount: 2,
        proposalCount: 2,
      });
      expect(items.find((c) => c.id === empty.id)).toMatchObject({ supervisorCount: 0, proposalCount: 0 });
      expect(items[0]).not.toHaveProperty("supervisors");
    }
  });

  it("?include=supervisors adds each cell's supervisors {id, name, email}", async () => {
    const a = await makeSupervisor(t, { name: "Aaron Alpha" });
    const b = await makeSupervisor(t, { name: "Zed Zulu" });
    const cell = await makeCell(t, [b.id, a.id]);
    const empty = await makeCell(t);
    const res = await get("/api/research-cells?include=supervisors", student);
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { id: string; supervisors: unknown[] }[];
    expect(items.find((c) => c.id === cell.id)?.supervisors).toEqual([
      { id: a.id, name: "Aaron Alpha", email: a.email },
      { id: b.id, name: "Zed Zulu", email: b.email },
    ]);
    expect(items.find((c) => c.id === empty.id)?.supervisors).toEqual([]);
  });

  it("400 for an unknown include", async () => {
    const res = await get("/api/research-cells?include=everything", committee);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty("include");
  });
});

describe("GET /api/research-cells/:id", () => {
  it("returns the cell with its supervisors to any signed-in role", async () => {
    const cell = await makeCell(t, [supervisor.id]);
    for (const user of [student, supervisor, committee]) {
      const res = await get(`/api/research-cells/${cell.id}`, user);
      expect(res.statusCode).toBe(200);
      expect(res.json().cell).toMatchObject({
        id: cell.id,
        title: cell.title,
        supervisorCount: 1,
        proposalCount: 0,
        supervisors: [{ id: supervisor.id, name: supervisor.name, email: supervisor.email }],
      });
    }
  });

  it("401 signed out, 404 unknown, 400 for a malformed id", async () => {
    const cell = await makeCell(t);
    expect((await get(`/api/research-cells/${cell.id}`, null)).statusCode).toBe(401);
    const missing = await get(`/api/research-cells/${crypto.randomUUID()}`, student);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(MSG.cellNotFound);
    const bad = await get("/api/research-cells/not-a-uuid", student);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty("id");
  });
});

describe("POST /api/research-cells", () => {
  it("creates a cell (trimmed) and answers 201 with it", async () => {
    const title = newTitle();
    const res = await post({ title: `  ${title}  `, description: " Machine learning. " });
    expect(res.statusCode).toBe(201);
    const { cell } = res.json();
    expect(cell).toMatchObject({
      title,
      description: "Machine learning.",
      supervisorCount: 0,
      proposalCount: 0,
    });
    expect(new Date(cell.createdAt).toISOString()).toBe(cell.createdAt);
    const [row] = await t.database.db.select().from(researchCells).where(eq(researchCells.id, cell.id));
    expect(row.title).toBe(title);
  });

  it("401 signed out; 403 for a student and for a supervisor; nothing is created", async () => {
    const before = await cellCount();
    expect((await post({ title: newTitle(), description: "d" }, null)).statusCode).toBe(401);
    for (const user of [student, supervisor]) {
      const res = await post({ title: newTitle(), description: "d" }, user);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe("FORBIDDEN");
    }
    expect(await cellCount()).toBe(before);
  });

  it("400 naming each missing or bad field; nothing is created", async () => {
    const before = await cellCount();
    const missing = await post({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({
      title: "Title is required.",
      description: "Description is required.",
    });
    const blank = await post({ title: "   ", description: "ok" });
    expect(blank.json().error.fields).toEqual({ title: "Title is required." });
    const long = await post({ title: "x".repeat(121), description: "ok" });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields).toEqual({ title: "Title must be at most 120 characters." });
    const longDescription = await post({ title: newTitle(), description: "x".repeat(2001) });
    expect(longDescription.json().error.fields).toHaveProperty("description");
    const notText = await post({ title: 5, description: "ok" });
    expect(notText.json().error.fields).toEqual({ title: "Title must be text." });
    expect(await cellCount()).toBe(before);
  });

  it("409 for a title that exists in another case, naming the title", async () => {
    const title = newTitle();
    expect((await post({ title, description: "d" })).statusCode).toBe(201);
    const before = await cellCount();
    const res = await post({ title: title.toUpperCase(), description: "other" });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: "CONFLICT",
      message: MSG.cellTitleTaken,
      fields: { title: MSG.cellTitleTaken },
    });
    expect(await cellCount()).toBe(before);
  });

  it("two simultaneous adds of one title: one wins, the other gets 409", async () => {
    const title = newTitle();
    const results = await Promise.all([
      post({ title, description: "a" }),
      post({ title: title.toLowerCase(), description: "b" }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const [row] = await t.database.db
      .select({ n: count() })
      .from(researchCells)
      .where(sql`lower(${researchCells.title}) = ${title.toLowerCase()}`);
    expect(Number(row.n)).toBe(1);
  });
});

describe("PATCH /api/research-cells/:id", () => {
  it("changes title and description", async () => {
    const cell = await makeCell(t, [supervisor.id]);
    const title = newTitle();
    const res = await patch(cell.id, { title, description: "New description." });
    expect(res.statusCode).toBe(200);
    expect(res.json().cell).toMatchObject({
      id: cell.id,
      title,
      description: "New description.",
      supervisorCount: 1,
    });
    const [row] = await t.database.db.select().from(researchCells).where(eq(researchCells.id, cell.id));
    expect(row).toMatchObject({ title, description: "New description." });
  });

  it("may keep its own title in another case", async () => {
    const cell = await makeCell(t);
    const res = await patch(cell.id, { title: cell.title.toUpperCase(), description: "d" });
    expect(res.statusCode).toBe(200);
    expect(res.json().cell.title).toBe(cell.title.toUpperCase());
  });

  it("401, 403 for student and supervisor, 404 unknown, 400 per field, 409 duplicate; the row is unchanged", async () => {
    const cell = await makeCell(t);
    const other = await makeCell(t);
    const body = { title: newTitle(), description: "x" };
    expect((await patch(cell.id, body, null)).statusCode).toBe(401);
    expect((await patch(cell.id, body, student)).statusCode).toBe(403);
    expect((await patch(cell.id, body, supervisor)).statusCode).toBe(403);
    const missing = await patch(crypto.randomUUID(), body);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(MSG.cellNotFound);
    const bad = await patch(cell.id, { title: "", description: "" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({
      title: "Title is required.",
      description: "Description is required.",
    });
    const dup = await patch(cell.id, { title: other.title.toLowerCase(), description: "x" });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.fields).toEqual({ title: MSG.cellTitleTaken });
    const [row] = await t.database.db.select().from(researchCells).where(eq(researchCells.id, cell.id));
    expect(row).toMatchObject({ title: cell.title, description: cell.description });
  });
});
