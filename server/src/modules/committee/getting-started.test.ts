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

/** A new department of its own: nothing but the first committee account and the "Default" term. */
let t: TestContext;
let committee: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  committee = await makeCommittee(t);
});
afterAll(async () => {
  await t?.close();
});

const send = (method: "GET" | "POST" | "PATCH", url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: sessionHeaders(committee) });
const setup = async () => (await send("GET", "/api/committee/dashboard")).json().setup;

describe("GET /api/committee/dashboard: the getting-started steps (decision 0056)", () => {
  it("ticks each step off as the department's data appears, through the routes that do it", async () => {
    expect(await setup()).toEqual({
      term: false,
      cells: false,
      teachers: false,
      assignments: false,
      students: false,
    });

    // The term: changing the Default term (or creating another) sets it up.
    const terms = (await send("GET", "/api/terms")).json().items;
    expect((await send("PATCH", `/api/terms/${terms[0].id}`, { name: "Spring 2027" })).statusCode).toBe(200);
    expect(await setup()).toMatchObject({ term: true, cells: false });

    const cell = await send("POST", "/api/research-cells", { title: unique("Cell"), description: "Robots." });
    expect(cell.statusCode).toBe(201);
    expect(await setup()).toMatchObject({ cells: true, teachers: false });

    const teacher = await send("POST", "/api/users", {
      role: "supervisor",
      name: "Barbara Liskov",
      email: `${unique("t")}@uni.example`,
      password: "teacher-pass-1",
    });
    expect(teacher.statusCode).toBe(201);
    expect(await setup()).toMatchObject({ teachers: true, assignments: false });

    const assigned = await send("POST", `/api/users/${teacher.json().user.id}/research-cells`, {
      researchCellId: cell.json().cell.id,
    });
    expect(assigned.statusCode).toBe(201);
    expect(await setup()).toMatchObject({ assignments: true, students: false });

    await makeStudent(t);
    expect(await setup()).toEqual({
      term: true,
      cells: true,
      teachers: true,
      assignments: true,
      students: true,
    });
  });
});

describe("a department that had proposals before the steps existed", () => {
  it("counts its term as set up: the term is in use", async () => {
    const other = await createTestApp();
    try {
      const c = await makeCommittee(other);
      const get = async () =>
        (
          await other.app.inject({
            method: "GET",
            url: "/api/committee/dashboard",
            headers: sessionHeaders(c),
          })
        ).json().setup;
      expect((await get()).term).toBe(false);
      const s = await makeStudent(other);
      const sup = await makeSupervisor(other);
      // Written straight to the database, as an older release left it: no activity row of a term.
      await makeProposal(other, { supervisorId: sup.id, memberIds: [s.id] });
      expect((await get()).term).toBe(true);
    } finally {
      await other.close();
    }
  });
});
