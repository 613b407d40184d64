import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestApp,
  makeCommittee,
  makeStudent,
  makeSupervisor,
  type TestContext,
  type TestUser,
} from "../../test/app";
import { makeCell, makeProposal } from "../../test/factories";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const dashboard = (u: TestUser | null) =>
  t.app.inject({ method: "GET", url: "/api/supervisor/dashboard", headers: u ? { cookie: u.cookie } : {} });

describe("GET /api/supervisor/dashboard", () => {
  it("counts the supervisor's own groups by type (every status) and lists them with members and cell", async () => {
    const [sup, other] = await Promise.all([makeSupervisor(t), makeSupervisor(t)]);
    const [a, b, c, d, e, f] = await Promise.all(
      ["Ana", "Ben", "Cai", "Dev", "Eli", "Fay"].map((name) => makeStudent(t, { name })),
    );
    const cellA = await makeCell(t, [sup.id, other.id]);
    const cellB = await makeCell(t, [sup.id]);
    await makeCell(t, [other.id]); // not the supervisor's
    const thesis1 = await makeProposal(t, {
      supervisorId: sup.id,
      memberIds: [a.id, b.id],
      cellId: cellA.id,
      title: "T1",
    });
    await makeProposal(t, {
      supervisorId: sup.id,
      memberIds: [c.id],
      cellId: cellB.id,
      status: "Approved",
      title: "T2",
    });
    await makeProposal(t, {
      supervisorId: sup.id,
      memberIds: [d.id, e.id],
      cellId: cellA.id,
      type: "Project",
      status: "Denied",
      title: "P1",
    });
    // Another supervisor's group never shows up here.
    await makeProposal(t, {
      supervisorId: other.id,
      memberIds: [f.id],
      cellId: cellA.id,
      type: "Project",
      title: "Other",
    });

    const res = await dashboard(sup);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.counts).toEqual({ thesisGroups: 2, projectGroups: 1, totalGroups: 3, researchCells: 2 });
    expect(body.groups.map((g: { title: string }) => g.title).sort()).toEqual(["P1", "T1", "T2"]);
    const t1 = body.groups.find((g: { id: string }) => g.id === thesis1.id);
    expect(t1).toMatchObject({
      title: "T1",
      type: "Thesis",
      status: "Pending",
      researchCell: { id: cellA.id, title: cellA.title },
      members: [
        { id: a.id, name: "Ana" },
        { id: b.id, name: "Ben" },
      ],
    });
    expect(body.groups.find((g: { title: string }) => g.title === "P1")).toMatchObject({
      type: "Project",
      status: "Denied",
    });
    expect(body.cells).toEqual(
      [cellA, cellB]
        .map((cell) => ({ id: cell.id, title: cell.title, description: cell.description }))
        .sort((x, y) => x.title.localeCompare(y.title)),
    );

    const theirs = (await dashboard(other)).json();
    expect(theirs.counts).toEqual({ thesisGroups: 0, projectGroups: 1, totalGroups: 1, researchCells: 2 });
    expect(theirs.groups.map((g: { title: string }) => g.title)).toEqual(["Other"]);
  });

  it("a new supervisor sees zeros and empty lists", async () => {
    const sup = await makeSupervisor(t);
    const res = await dashboard(sup);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      counts: { thesisGroups: 0, projectGroups: 0, totalGroups: 0, researchCells: 0 },
      groups: [],
      cells: [],
    });
  });

  it("lists groups newest first", async () => {
    const sup = await makeSupervisor(t);
    const s1 = await makeStudent(t);
    const s2 = await makeStudent(t);
    await makeProposal(t, { supervisorId: sup.id, memberIds: [s1.id], title: "Older" });
    await new Promise((r) => setTimeout(r, 15));
    await makeProposal(t, { supervisorId: sup.id, memberIds: [s2.id], title: "Newer" });
    const body = (await dashboard(sup)).json();
    expect(body.groups.map((g: { title: string }) => g.title)).toEqual(["Newer", "Older"]);
  });

  it("students and committee members get 403; signed out 401", async () => {
    const [student, committee] = await Promise.all([makeStudent(t), makeCommittee(t)]);
    expect((await dashboard(student)).statusCode).toBe(403);
    expect((await dashboard(committee)).statusCode).toBe(403);
    expect((await dashboard(null)).statusCode).toBe(401);
  });
});
