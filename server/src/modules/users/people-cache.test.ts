import type { Person, UserList } from "@shared/schemas/users";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { jsonText } from "../../lib/json-text";
import { KeptAnswers } from "../../lib/kept-answers";
import {
  createTestApp,
  makeCommittee,
  makeStudent,
  makeSupervisor,
  PASSWORD,
  sessionHeaders,
  type TestContext,
  type TestUser,
  unique,
} from "../../test/app";
import { makeCell } from "../../test/factories";

// The committee's people lists are kept per instance under people_version (migration 0008).
// These tests show that a kept answer is really sent again, and that every kind of change that
// shows in a list, made through the API or straight in the database, is in the next answer.

let t: TestContext;
let committee: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  committee = await makeCommittee(t);
});
afterAll(async () => {
  await t?.close();
});

const list = async (query: string): Promise<UserList> => {
  const res = await t.app.inject({
    method: "GET",
    url: `/api/users?${query}`,
    headers: sessionHeaders(committee),
  });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const exec = (statement: ReturnType<typeof sql>) => t.database.db.execute(statement);
const find = (l: UserList, id: string): Person | undefined => l.items.find((p) => p.id === id);

describe("the kept people lists", () => {
  it("sends a kept answer again while nothing in the lists changed", async () => {
    const tag = unique("keep");
    const student = await makeStudent(t, { name: `Kept ${tag}` });
    const first = await list(`role=student&q=${tag}`);
    expect(find(first, student.id)?.name).toBe(`Kept ${tag}`);

    // A change the database does not announce (its trigger off) is not seen: the answer is the kept one.
    await exec(sql`alter table users disable trigger users_people_changed`);
    try {
      await exec(sql`update users set name = ${`Unseen ${tag}`} where id = ${student.id}`);
      expect(await list(`role=student&q=${tag}`)).toEqual(first);
    } finally {
      await exec(sql`alter table users enable trigger users_people_changed`);
    }
    // Any announced change makes the next request read again.
    await exec(sql`update users set name = name where id = ${committee.id}`);
    expect(find(await list(`role=student&q=${tag}`), student.id)?.name).toBe(`Unseen ${tag}`);
  });

  it("shows a new person at once: a registration and a teacher the committee adds", async () => {
    const tag = unique("new");
    expect((await list(`role=student&q=${tag}`)).total).toBe(0);
    const register = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: {
        name: `New ${tag}`,
        email: `${tag}@example.edu`,
        studentId: tag.toUpperCase(),
        password: PASSWORD,
      },
    });
    expect(register.statusCode).toBeLessThan(300);
    expect((await list(`role=student&q=${tag}`)).items.map((p) => p.name)).toEqual([`New ${tag}`]);

    expect((await list(`role=supervisor&q=${tag}`)).total).toBe(0);
    const added = await t.app.inject({
      method: "POST",
      url: "/api/users",
      headers: sessionHeaders(committee),
      payload: { role: "supervisor", name: `Dr ${tag}`, email: `dr.${tag}@example.edu`, password: PASSWORD },
    });
    expect(added.statusCode).toBe(201);
    expect((await list(`role=supervisor&q=${tag}`)).items.map((p) => p.name)).toEqual([`Dr ${tag}`]);
  });

  it("shows each change to a listed person at once", async () => {
    const tag = unique("chg");
    const student = await makeStudent(t, { name: `Before ${tag}` });
    const query = `role=student&q=${tag}`;
    expect(find(await list(query), student.id)?.name).toBe(`Before ${tag}`);

    // Their own name, through the profile.
    const renamed = await t.app.inject({
      method: "PATCH",
      url: "/api/me",
      headers: sessionHeaders(student),
      payload: { name: `After ${tag}` },
    });
    expect(renamed.statusCode).toBe(200);
    expect(find(await list(query), student.id)?.name).toBe(`After ${tag}`);

    // The rest straight in the database, as another instance or an administrator would.
    await exec(sql`update users set email = ${`moved.${tag}@example.edu`} where id = ${student.id}`);
    expect(find(await list(query), student.id)?.email).toBe(`moved.${tag}@example.edu`);
    await exec(sql`update users set student_id = ${`${tag}-2`.toUpperCase()} where id = ${student.id}`);
    expect(find(await list(query), student.id)?.studentId).toBe(`${tag}-2`.toUpperCase());
    await exec(sql`update users set picture_key = ${`${student.id}-1`} where id = ${student.id}`);
    expect(find(await list(query), student.id)?.pictureUrl).toContain(`${student.id}-1`);
    await exec(sql`update users set created_at = '2020-01-02T03:04:05Z' where id = ${student.id}`);
    expect(find(await list(query), student.id)?.createdAt).toBe("2020-01-02T03:04:05.000Z");

    await exec(sql`update users set role = 'committee' where id = ${student.id}`);
    expect(find(await list(query), student.id)).toBeUndefined();
    expect(find(await list(`role=committee&q=${tag}`), student.id)).toBeDefined();

    await exec(sql`delete from users where id = ${student.id}`);
    expect(find(await list(`role=committee&q=${tag}`), student.id)).toBeUndefined();
  });

  it("shows a teacher's cells as they change: assigned, removed, renamed, deleted", async () => {
    const tag = unique("cell");
    const teacher = await makeSupervisor(t, { name: `Teacher ${tag}` });
    const cell = await makeCell(t);
    const query = `role=supervisor&q=${tag}`;
    expect(find(await list(query), teacher.id)?.cells).toEqual([]);

    const assigned = await t.app.inject({
      method: "POST",
      url: `/api/users/${teacher.id}/research-cells`,
      headers: sessionHeaders(committee),
      payload: { researchCellId: cell.id },
    });
    expect(assigned.statusCode).toBe(201);
    expect(find(await list(query), teacher.id)?.cells).toEqual([{ id: cell.id, title: cell.title }]);

    await exec(sql`update research_cells set title = ${`Renamed ${tag}`} where id = ${cell.id}`);
    expect(find(await list(query), teacher.id)?.cells).toEqual([{ id: cell.id, title: `Renamed ${tag}` }]);

    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/users/${teacher.id}/research-cells/${cell.id}`,
      headers: sessionHeaders(committee),
    });
    expect(removed.statusCode).toBe(200);
    expect(find(await list(query), teacher.id)?.cells).toEqual([]);

    await exec(
      sql`insert into supervisor_cells (supervisor_id, research_cell_id) values (${teacher.id}, ${cell.id})`,
    );
    expect(find(await list(query), teacher.id)?.cells).toHaveLength(1);
    await exec(sql`delete from research_cells where id = ${cell.id}`);
    expect(find(await list(query), teacher.id)?.cells).toEqual([]);
  });

  it("does not count a change that was rolled back", async () => {
    const version = async () =>
      (
        (await exec(sql`select version::text as v from people_version`)) as unknown as {
          rows: { v: string }[];
        }
      ).rows[0].v;
    const before = await version();
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`update users set name = 'Rolled back' where id = ${committee.id}`);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await version()).toBe(before);
    expect(find(await list("role=committee"), committee.id)?.name).not.toBe("Rolled back");
  });

  it("keeps a separate answer for each role, search, sort, order and page", async () => {
    const tag = unique("key");
    const [a, b] = [
      await makeStudent(t, { name: `Alpha ${tag}` }),
      await makeStudent(t, { name: `Beta ${tag}` }),
    ];
    const names = async (query: string) => (await list(query)).items.map((p) => p.name);
    expect(await names(`role=student&q=${tag}&sort=name&order=asc`)).toEqual([a.name, b.name]);
    expect(await names(`role=student&q=${tag}&sort=name&order=desc`)).toEqual([b.name, a.name]);
    expect(await names(`role=student&q=${tag}&pageSize=1&page=2`)).toEqual([b.name]);
    expect(await names(`role=student&q=${tag}&pageSize=1&page=1`)).toEqual([a.name]);
    expect(await names(`role=student&q=Alpha ${tag}`)).toEqual([a.name]);
    expect(await names(`role=supervisor&q=${tag}`)).toEqual([]);
  });
});

describe("PEOPLE_CACHE_MB", () => {
  it("keeps nothing when PEOPLE_CACHE_MB is 0, and refuses a bad size by name", () => {
    const env = { SESSION_SECRET: "x".repeat(32) };
    const none = loadConfig({ ...env, PEOPLE_CACHE_MB: "0" }).peopleCacheChars;
    expect(none).toBe(0);
    const cache = new KeptAnswers<UserList>(none);
    cache.set("k", "1", jsonText<UserList>(""));
    expect(cache.get("k", "1")).toBeUndefined();
    expect(loadConfig(env).peopleCacheChars).toBe(8_000_000);
    for (const bad of ["-1", "lots", "2000"])
      expect(() => loadConfig({ ...env, PEOPLE_CACHE_MB: bad })).toThrow(/PEOPLE_CACHE_MB/);
  });
});
