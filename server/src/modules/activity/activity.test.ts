import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

/**
 * The committee's activity log (DESIGN.md §9): everything — proposals, invitations, accounts,
 * cells, terms and places — written in the same transaction as the change; filtered by person,
 * kind and days in the department's zone; exported as CSV with every field defused.
 */

let clock = new Date("2027-06-15T21:30:00Z");
let t: TestContext;
let committee: TestUser;
beforeAll(async () => {
  t = await createTestApp({ timeZone: "Europe/Berlin" }, { now: () => clock });
  committee = await makeCommittee(t, { name: "Kay Committee" });
});
afterAll(async () => t?.close());

const get = (u: TestUser | null, url: string) =>
  t.app.inject({ method: "GET", url, headers: sessionHeaders(u) });
const post = (u: TestUser, url: string, payload: object = {}) =>
  t.app.inject({ method: "POST", url, payload, headers: sessionHeaders(u) });
const items = async (query: string) => {
  const res = await get(committee, `/api/activity?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items as {
    kind: string;
    action: string;
    actor: { id: string } | null;
    subject: { id: string | null; name: string } | null;
    note: string | null;
    at: string;
  }[];
};

describe("GET /api/activity", () => {
  it("records accounts, cells, assignments, terms and places as they happen, by whom", async () => {
    clock = new Date("2027-06-10T09:00:00Z");
    const added = await post(committee, "/api/users", {
      role: "supervisor",
      name: "Tess Teacher",
      email: `${unique("t")}@example.edu`,
      password: PASSWORD,
    });
    const teacher = added.json().user;
    const cell = (
      await post(committee, "/api/research-cells", { title: `Logged ${unique("c")}`, description: "Logged." })
    ).json().cell;
    await post(committee, `/api/users/${teacher.id}/research-cells`, { researchCellId: cell.id });
    const term = (await post(committee, "/api/terms", { name: `Term ${unique("x")}` })).json().term;
    await t.app.inject({
      method: "PATCH",
      url: `/api/terms/${term.id}`,
      payload: { reviewDueDays: 9, defaultCapacity: 2 },
      headers: sessionHeaders(committee),
    });
    await t.app.inject({
      method: "PUT",
      url: `/api/terms/${term.id}/capacities/${teacher.id}`,
      payload: { capacity: 4 },
      headers: sessionHeaders(committee),
    });
    const mine = await items(`personId=${teacher.id}`);
    expect(mine.map((r) => `${r.kind}.${r.action}`)).toEqual(["place.set", "cell.assign", "account.create"]);
    expect(mine[0]).toMatchObject({
      actor: { id: committee.id },
      subject: { id: teacher.id, name: "Tess Teacher" },
      note: `${term.name}: 4`,
    });
    expect(mine[1].note).toBe(cell.title);
    const terms = await items("kind=term");
    expect(terms.slice(0, 2).map((r) => [r.action, r.note])).toEqual([
      ["update", "Changed: review due days, default places"],
      ["create", null],
    ]);
    expect((await items("kind=cell")).map((r) => r.action)).toContain("create");
    // A refused change leaves no row: a cell whose title is taken, a teacher assigned twice.
    const before = (await items("pageSize=100")).length;
    expect(
      (await post(committee, "/api/research-cells", { title: cell.title, description: "Again." })).statusCode,
    ).toBe(409);
    expect(
      (await post(committee, `/api/users/${teacher.id}/research-cells`, { researchCellId: cell.id }))
        .statusCode,
    ).toBe(409);
    expect((await items("pageSize=100")).length).toBe(before);
  });

  it("filters by the department's days and pages newest first; refuses bad filters naming them", async () => {
    // 21:30 UTC on 15 June is 23:30 in Berlin; 22:30 UTC is already 16 June there.
    clock = new Date("2027-06-15T21:30:00Z");
    const a = await post(committee, "/api/research-cells", {
      title: `Day one ${unique("c")}`,
      description: ".",
    });
    clock = new Date("2027-06-15T22:30:00Z");
    const b = await post(committee, "/api/research-cells", {
      title: `Day two ${unique("c")}`,
      description: ".",
    });
    const titles = async (q: string) => (await items(`kind=cell&${q}`)).map((r) => r.subject?.name);
    expect(await titles("from=2027-06-15&to=2027-06-15")).toEqual([a.json().cell.title]);
    expect(await titles("from=2027-06-16&to=2027-06-16")).toEqual([b.json().cell.title]);
    expect(await titles("from=2027-06-15&to=2027-06-16")).toEqual([b.json().cell.title, a.json().cell.title]);
    const page = (await get(committee, "/api/activity?pageSize=1&page=2")).json();
    expect(page.items).toHaveLength(1);
    expect(page.total).toBeGreaterThan(2);
    const bad = await get(committee, "/api/activity?kind=everything&from=15/06/2027&personId=x");
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(["from", "kind", "personId"]);
    expect((await get(committee, `/api/activity?personId=${randomUUID()}`)).json().items).toEqual([]);
  });

  it("is the committee's: 401 signed out, 403 to students and supervisors", async () => {
    expect((await get(null, "/api/activity")).statusCode).toBe(401);
    expect((await get(await makeStudent(t), "/api/activity")).statusCode).toBe(403);
    expect((await get(await makeSupervisor(t), "/api/activity.csv")).statusCode).toBe(403);
  });
});

describe("GET /api/activity.csv", () => {
  it("exports the filtered log with the zone's times, every formula defused", async () => {
    clock = new Date("2027-07-01T08:00:00Z");
    const cell = (
      await post(committee, "/api/research-cells", {
        title: `=HYPERLINK("x") ${unique("c")}`,
        description: ".",
      })
    ).json().cell;
    const res = await get(committee, "/api/activity.csv?kind=cell&from=2027-07-01&to=2027-07-01");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="activity-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe('"Time","Who","What","Kind","Proposal","Concerning","From","To","Note"');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("1 July 2027, 10:00 (Europe/Berlin)");
    // What: the sentence the screen shows, its subject inside (no formula can start it); Concerning: defused.
    expect(lines[1]).toContain(
      `"Kay Committee","added the research cell ${cell.title.replaceAll('"', '""')}","cell",`,
    );
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"") ${cell.title.split(") ")[1]}"`);
  });
});
