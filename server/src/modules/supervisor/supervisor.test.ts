import { eq } from "drizzle-orm";
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
} from "../../test/app";
import { makeCell, makeProposal } from "../../test/factories";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const dashboard = (u: TestUser | null) =>
  t.app.inject({ method: "GET", url: "/api/supervisor/dashboard", headers: sessionHeaders(u) });

describe("GET /api/supervisor/dashboard", () => {
  it("counts the supervisor's own groups (active proposals: never Denied) by type, in all and Pending, and lists their cells", async () => {
    const [sup, other] = await Promise.all([makeSupervisor(t), makeSupervisor(t)]);
    const students = await Promise.all(Array.from({ length: 9 }, () => makeStudent(t)));
    const [a, b, c, d, e, f, g, h, i] = students;
    const cellA = await makeCell(t, [sup.id, other.id]);
    const cellB = await makeCell(t, [sup.id]);
    await makeCell(t, [other.id]); // not the supervisor's
    await makeCell(t); // nobody's
    // sup: Thesis × 3 (Pending, Approved, Denied), Project × 2 (Pending, Approved): the Denied
    // one is no group, so 2 Thesis, 2 Project, 4 in all, 2 Pending.
    await makeProposal(t, {
      supervisorId: sup.id,
      memberIds: [a.id, b.id],
      cellId: cellA.id,
      type: "Thesis",
    });
    await makeProposal(t, {
      supervisorId: sup.id,
      memberIds: [c.id],
      cellId: cellB.id,
      type: "Thesis",
      status: "Approved",
    });
    await makeProposal(t, {
      supervisorId: sup.id,
      memberIds: [d.id],
      cellId: cellA.id,
      type: "Thesis",
      status: "Denied",
    });
    await makeProposal(t, { supervisorId: sup.id, memberIds: [e.id], cellId: cellA.id, type: "Project" });
    await makeProposal(t, {
      supervisorId: sup.id,
      memberIds: [f.id],
      cellId: cellB.id,
      type: "Project",
      status: "Approved",
    });
    // Another supervisor's groups (even in a cell they share) never count here.
    await makeProposal(t, { supervisorId: other.id, memberIds: [g.id], cellId: cellA.id, type: "Project" });
    await makeProposal(t, { supervisorId: other.id, memberIds: [h.id], cellId: cellA.id, type: "Thesis" });
    await makeProposal(t, {
      supervisorId: other.id,
      memberIds: [i.id],
      cellId: cellA.id,
      type: "Project",
      status: "Denied",
    });

    const res = await dashboard(sup);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(["cells", "counts"]);
    expect(body).not.toHaveProperty("groups");
    expect(body.counts).toEqual({
      thesisGroups: 2,
      projectGroups: 2,
      totalGroups: 4,
      pendingGroups: 2,
      overdueGroups: 0,
      researchCells: 2,
    });
    expect(body.cells).toEqual(
      [cellA, cellB]
        .map((cell) => ({ id: cell.id, title: cell.title, description: cell.description }))
        .sort((x, y) => x.title.localeCompare(y.title)),
    );

    const theirs = (await dashboard(other)).json();
    expect(theirs.counts).toEqual({
      thesisGroups: 1,
      projectGroups: 1,
      totalGroups: 2,
      pendingGroups: 2,
      overdueGroups: 0,
      researchCells: 2,
    });
    expect(theirs).not.toHaveProperty("groups");
  });

  it("counts exactly the groups that GET /api/proposals?active=true lists (Thesis, Project, Total Groups)", async () => {
    const sup = await makeSupervisor(t);
    const cell = await makeCell(t, [sup.id]);
    const statuses = ["Pending", "Approved", "Denied", "Denied"] as const;
    for (const type of ["Thesis", "Project"] as const)
      for (const status of statuses) {
        const s = await makeStudent(t);
        await makeProposal(t, { supervisorId: sup.id, memberIds: [s.id], cellId: cell.id, type, status });
      }
    const { counts } = (await dashboard(sup)).json();
    expect(counts).toMatchObject({ thesisGroups: 2, projectGroups: 2, totalGroups: 4, pendingGroups: 2 });

    const listed = async (query: string) => {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/proposals?active=true&pageSize=100${query}`,
        headers: sessionHeaders(sup),
      });
      const body = res.json();
      expect(body.items.every((p: { status: string }) => p.status !== "Denied")).toBe(true);
      return body.total;
    };
    expect(await listed("&type=Thesis")).toBe(counts.thesisGroups);
    expect(await listed("&type=Project")).toBe(counts.projectGroups);
    expect(await listed("")).toBe(counts.totalGroups);
  });

  it("lists the cells by title", async () => {
    const sup = await makeSupervisor(t);
    const titles = ["Zeta cell", "Alpha cell", "Mu cell"];
    for (const title of titles) {
      const cell = await makeCell(t, [sup.id]);
      // Titles are unique across cells: the id keeps them apart from other tests' cells.
      await t.database.db
        .update(researchCells)
        .set({ title: `${title} ${cell.id}` })
        .where(eq(researchCells.id, cell.id));
    }
    const body = (await dashboard(sup)).json();
    expect(body.counts.researchCells).toBe(3);
    expect(body.cells.map((c: { title: string }) => c.title.split(" ")[0])).toEqual(["Alpha", "Mu", "Zeta"]);
  });

  it("a new supervisor sees zeros and no cells", async () => {
    const sup = await makeSupervisor(t);
    const res = await dashboard(sup);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      counts: {
        thesisGroups: 0,
        projectGroups: 0,
        totalGroups: 0,
        pendingGroups: 0,
        overdueGroups: 0,
        researchCells: 0,
      },
      cells: [],
    });
  });

  it("students and committee members get 403; signed out 401", async () => {
    const [student, committee] = await Promise.all([makeStudent(t), makeCommittee(t)]);
    expect((await dashboard(student)).statusCode).toBe(403);
    expect((await dashboard(committee)).statusCode).toBe(403);
    expect((await dashboard(null)).statusCode).toBe(401);
  });
});
