import { MSG } from "@shared/messages";
import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activity, rooms } from "../../db/schema";
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

const send = (
  method: "GET" | "POST" | "PATCH" | "DELETE",
  url: string,
  user: TestUser | null,
  payload?: unknown,
) => t.app.inject({ method, url, payload: payload as object | undefined, headers: sessionHeaders(user) });
const add = (payload: unknown, user: TestUser | null = committee) =>
  send("POST", "/api/rooms", user, payload);
const newName = () => `Room ${unique("r")}`;
const roomRow = async (id: string) => (await t.database.db.select().from(rooms).where(eq(rooms.id, id)))[0];
async function roomCount() {
  const [row] = await t.database.db.select({ n: count() }).from(rooms);
  return Number(row.n);
}

describe("rooms (DESIGN.md §18)", () => {
  it("the committee adds a room (notes optional, trimmed); every signed-in role lists them by name; signed out 401", async () => {
    const name = newName();
    const res = await add({ name: `  ${name} `, capacity: 24 });
    expect(res.statusCode).toBe(201);
    const room = res.json().room;
    expect(room).toMatchObject({ name, capacity: 24, notes: "" });
    expect(await roomRow(room.id)).toMatchObject({ name, capacity: 24, notes: "" });
    const [logged] = await t.database.db
      .select({ n: count() })
      .from(activity)
      .where(and(eq(activity.kind, "room"), eq(activity.action, "create"), eq(activity.subjectId, room.id)));
    expect(Number(logged.n)).toBe(1);
    for (const user of [student, supervisor, committee]) {
      const list = await send("GET", "/api/rooms", user);
      expect(list.statusCode).toBe(200);
      const names: string[] = list.json().items.map((r: { name: string }) => r.name);
      expect(names).toContain(name);
      expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    }
    expect((await send("GET", "/api/rooms", null)).statusCode).toBe(401);
  });

  it("400 naming each bad field (missing, blank, too long, not a whole number, not positive); nothing is created", async () => {
    const before = await roomCount();
    const missing = await add({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({
      name: "Name is required.",
      capacity: "Capacity must be a whole number.",
    });
    expect((await add({ name: "   ", capacity: 3 })).json().error.fields).toEqual({
      name: "Name is required.",
    });
    expect((await add({ name: "x".repeat(101), capacity: 3 })).json().error.fields).toEqual({
      name: "Name must be at most 100 characters.",
    });
    expect((await add({ name: newName(), capacity: 2.5 })).json().error.fields).toEqual({
      capacity: "Capacity must be a whole number.",
    });
    expect((await add({ name: newName(), capacity: 0 })).json().error.fields).toEqual({
      capacity: "Capacity must be at least 1.",
    });
    expect((await add({ name: newName(), capacity: "12" })).json().error.fields).toEqual({
      capacity: "Capacity must be a whole number.",
    });
    expect(
      (await add({ name: newName(), capacity: 3, notes: "n".repeat(1001) })).json().error.fields,
    ).toEqual({
      notes: "Notes must be at most 1,000 characters.",
    });
    expect((await add({ name: "\u202Eroom", capacity: 3 })).statusCode).toBe(400);
    expect(await roomCount()).toBe(before);
  });

  it("403 for a student and a supervisor on every change; nothing changes", async () => {
    const room = (await add({ name: newName(), capacity: 10 })).json().room;
    const before = await roomCount();
    for (const user of [student, supervisor]) {
      expect((await add({ name: newName(), capacity: 5 }, user)).statusCode).toBe(403);
      expect(
        (await send("PATCH", `/api/rooms/${room.id}`, user, { name: newName(), capacity: 5 })).statusCode,
      ).toBe(403);
      expect((await send("DELETE", `/api/rooms/${room.id}`, user)).statusCode).toBe(403);
    }
    expect(await roomCount()).toBe(before);
    expect(await roomRow(room.id)).toMatchObject({ name: room.name, capacity: 10 });
  });

  it("409 for a name that exists in another case, naming the field; the room keeps its own name in another case", async () => {
    const first = (await add({ name: newName(), capacity: 10 })).json().room;
    const second = (await add({ name: newName(), capacity: 10 })).json().room;
    const before = await roomCount();
    const dup = await add({ name: first.name.toUpperCase(), capacity: 4 });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toEqual({
      code: "CONFLICT",
      message: MSG.roomNameTaken,
      fields: { name: MSG.roomNameTaken },
    });
    expect(await roomCount()).toBe(before);
    const renamed = await send("PATCH", `/api/rooms/${second.id}`, committee, {
      name: first.name.toLowerCase(),
      capacity: 4,
    });
    expect(renamed.statusCode).toBe(409);
    expect(await roomRow(second.id)).toMatchObject({ name: second.name, capacity: 10 });
    const own = await send("PATCH", `/api/rooms/${first.id}`, committee, {
      name: first.name.toUpperCase(),
      capacity: 30,
      notes: "Projector, step-free access.",
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().room).toMatchObject({
      name: first.name.toUpperCase(),
      capacity: 30,
      notes: "Projector, step-free access.",
    });
  });

  it("two simultaneous adds of one name: exactly one 201, the other 409", async () => {
    const name = newName();
    const results = await Promise.all([
      add({ name, capacity: 8 }),
      add({ name: name.toLowerCase(), capacity: 9 }),
      add({ name: name.toUpperCase(), capacity: 10 }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const [row] = await t.database.db
      .select({ n: count() })
      .from(rooms)
      .where(sql`lower(${rooms.name}) = ${name.toLowerCase()}`);
    expect(Number(row.n)).toBe(1);
  });

  it("PATCH and DELETE of an unknown room: 404 naming it; a bad id 400; DELETE removes the room once", async () => {
    const body = { name: newName(), capacity: 3 };
    const unknown = crypto.randomUUID();
    const patched = await send("PATCH", `/api/rooms/${unknown}`, committee, body);
    expect(patched.statusCode).toBe(404);
    expect(patched.json().error.message).toBe(MSG.roomNotFound);
    expect((await send("DELETE", `/api/rooms/${unknown}`, committee)).statusCode).toBe(404);
    expect((await send("DELETE", "/api/rooms/not-an-id", committee)).statusCode).toBe(400);
    const room = (await add(body)).json().room;
    const removed = await Promise.all([
      send("DELETE", `/api/rooms/${room.id}`, committee),
      send("DELETE", `/api/rooms/${room.id}`, committee),
    ]);
    expect(removed.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    expect(await roomRow(room.id)).toBeUndefined();
  });
});
