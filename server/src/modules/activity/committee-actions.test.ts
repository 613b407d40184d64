import type { ActivityItem } from "@shared/schemas/life";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestApp,
  makeCommittee,
  makeSupervisor,
  sessionHeaders,
  type TestContext,
  type TestUser,
  unique,
} from "../../test/app";

/**
 * The committee's changes to accounts, research cells, terms and places are rows of the activity
 * log (DESIGN.md §9), written in the transaction of the change: each by its committee member, of
 * its kind, naming what it concerns. A refused change leaves no row.
 */

const clock = new Date("2027-02-15T09:30:00Z");
let t: TestContext;

beforeAll(async () => {
  t = await createTestApp({ timeZone: "Europe/Berlin" }, { now: () => clock });
});
afterAll(async () => {
  await t?.close();
});

const send = (user: TestUser, method: "POST" | "PATCH" | "PUT" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: sessionHeaders(user) });

/** What this committee member did, newest first: each test has its own member, so its own rows. */
async function doneBy(user: TestUser, kind?: string): Promise<ActivityItem[]> {
  const res = await t.app.inject({
    method: "GET",
    url: `/api/activity?personId=${user.id}${kind ? `&kind=${kind}` : ""}&pageSize=100`,
    headers: sessionHeaders(user),
  });
  expect(res.statusCode).toBe(200);
  return res.json().items;
}

const brief = (i: ActivityItem) => [i.kind, i.action, i.subject?.name ?? null, i.note];

describe("the committee's changes in the activity log", () => {
  it("adding a teacher or a committee member: an account row, found by the new person too", async () => {
    const committee = await makeCommittee(t);
    const name = `Dr. ${unique("t")}`;
    const res = await send(committee, "POST", "/api/users", {
      role: "supervisor",
      name,
      email: `${unique("t")}@example.edu`,
      password: "a-long-password",
    });
    expect(res.statusCode).toBe(201);
    const teacher = res.json().user;
    const [row] = await doneBy(committee, "account");
    expect(brief(row)).toEqual(["account", "create", name, "teacher"]);
    expect(row.actor).toEqual({ id: committee.id, name: committee.name });
    expect(row.subject?.id).toBe(teacher.id);
    expect(row.at).toBe(clock.toISOString());
    // "Whom it concerns": the new teacher's own filter finds it.
    const asked = await t.app.inject({
      method: "GET",
      url: `/api/activity?personId=${teacher.id}`,
      headers: sessionHeaders(committee),
    });
    expect(asked.json().items.map((i: ActivityItem) => i.id)).toEqual([row.id]);
  });

  it("research cells: added, changed, a teacher assigned and removed; a refused change leaves nothing", async () => {
    const committee = await makeCommittee(t);
    const teacher = await makeSupervisor(t);
    const title = `Cell ${unique("c")}`;
    const created = await send(committee, "POST", "/api/research-cells", { title, description: "D." });
    expect(created.statusCode).toBe(201);
    const cellId = created.json().cell.id;
    const renamed = `${title} (renamed)`;
    expect(
      (await send(committee, "PATCH", `/api/research-cells/${cellId}`, { title: renamed, description: "E." }))
        .statusCode,
    ).toBe(200);
    expect(
      (await send(committee, "POST", `/api/users/${teacher.id}/research-cells`, { researchCellId: cellId }))
        .statusCode,
    ).toBe(201);
    // Refused: already assigned (409), a title taken (409).
    expect(
      (await send(committee, "POST", `/api/users/${teacher.id}/research-cells`, { researchCellId: cellId }))
        .statusCode,
    ).toBe(409);
    expect(
      (await send(committee, "POST", "/api/research-cells", { title: renamed, description: "D." }))
        .statusCode,
    ).toBe(409);
    expect(
      (await send(committee, "DELETE", `/api/users/${teacher.id}/research-cells/${cellId}`)).statusCode,
    ).toBe(200);

    expect((await doneBy(committee, "cell")).map(brief)).toEqual([
      ["cell", "unassign", renamed, teacher.name],
      ["cell", "assign", renamed, teacher.name],
      ["cell", "update", renamed, null],
      ["cell", "create", title, null],
    ]);
  });

  it("terms: added, changed, made current and deleted; places set and given back to the default", async () => {
    const committee = await makeCommittee(t);
    const teacher = await makeSupervisor(t);
    const terms = (
      await t.app.inject({ method: "GET", url: "/api/terms", headers: sessionHeaders(committee) })
    ).json();
    const before = terms.items.find((x: { current: boolean }) => x.current);

    const name = `Term ${unique("t")}`;
    const created = await send(committee, "POST", "/api/terms", { name });
    expect(created.statusCode).toBe(201);
    const termId = created.json().term.id;
    expect((await send(committee, "PATCH", `/api/terms/${termId}`, { reviewDueDays: 10 })).statusCode).toBe(
      200,
    );
    expect((await send(committee, "POST", `/api/terms/${termId}/current`)).statusCode).toBe(200);
    expect(
      (await send(committee, "PUT", `/api/terms/${termId}/capacities/${teacher.id}`, { capacity: 3 }))
        .statusCode,
    ).toBe(200);
    expect(
      (await send(committee, "DELETE", `/api/terms/${termId}/capacities/${teacher.id}`)).statusCode,
    ).toBe(200);
    // The current term cannot be deleted (409): nothing is recorded for it.
    expect((await send(committee, "DELETE", `/api/terms/${termId}`)).statusCode).toBe(409);
    expect((await send(committee, "POST", `/api/terms/${before.id}/current`)).statusCode).toBe(200);
    expect((await send(committee, "DELETE", `/api/terms/${termId}`)).statusCode).toBe(200);

    expect((await doneBy(committee, "term")).map(brief)).toEqual([
      ["term", "delete", name, null],
      ["term", "current", before.name, null],
      ["term", "current", name, null],
      ["term", "update", name, null],
      ["term", "create", name, null],
    ]);
    expect((await doneBy(committee, "place")).map(brief)).toEqual([
      ["place", "clear", teacher.name, name],
      ["place", "set", teacher.name, `3 in ${name}`],
    ]);
  });

  it("the CSV says each change in words", async () => {
    const committee = await makeCommittee(t);
    const title = `Cell ${unique("c")}`;
    expect(
      (await send(committee, "POST", "/api/research-cells", { title, description: "D." })).statusCode,
    ).toBe(201);
    const res = await t.app.inject({
      method: "GET",
      url: `/api/activity.csv?personId=${committee.id}`,
      headers: sessionHeaders(committee),
    });
    expect(res.statusCode).toBe(200);
    const lines = res.body.trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    // 09:30 UTC is 10:30 in Berlin in February.
    expect(lines[1]).toContain("15 February 2027, 10:30 (Europe/Berlin)");
    expect(lines[1]).toContain(committee.name);
    expect(lines[1]).toContain("added the research cell");
    expect(lines[1]).toContain(title);
  });
});
