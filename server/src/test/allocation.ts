import { expect } from "vitest";
import { makeStudent, makeSupervisor, sessionHeaders, type TestContext, type TestUser, unique } from "./app";
import { makeCell } from "./factories";

/** Allocation terms through the API, as the committee, supervisors and groups make them (DESIGN.md §11). */

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** One request as `user` (signed out with null); a body of `{}` unless one is given or the method has none. */
export const caller =
  (t: TestContext) => (user: TestUser | null, method: Method, url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      payload: payload ?? (method === "GET" || method === "DELETE" ? undefined : {}),
      headers: sessionHeaders(user),
    });

/** The current term's id, to make current again after a test. */
export async function currentTermId(t: TestContext, committee: TestUser): Promise<string> {
  return (await caller(t)(committee, "GET", "/api/terms"))
    .json()
    .items.find((x: { current: boolean }) => x.current).id;
}

/** A current allocation term with two supervisors (one place each unless said) in one cell. */
export async function allocationTerm(
  t: TestContext,
  committee: TestUser,
  o: { capacity?: number | null; maxPreferences?: number } = {},
) {
  const call = caller(t);
  const res = await call(committee, "POST", "/api/terms", {
    name: `Allocation ${unique("a")}`,
    mode: "allocation",
    defaultCapacity: o.capacity === undefined ? 1 : o.capacity,
    maxPreferences: o.maxPreferences ?? 3,
  });
  expect(res.statusCode, res.body).toBe(201);
  const term = res.json().term as { id: string; name: string };
  expect((await call(committee, "POST", `/api/terms/${term.id}/current`)).statusCode).toBe(200);
  const [ada, bo] = await Promise.all([
    makeSupervisor(t, { name: "Prof. Ada" }),
    makeSupervisor(t, { name: "Prof. Bo" }),
  ]);
  const cell = await makeCell(t, [ada.id, bo.id]);
  return { term, ada, bo, cell };
}

/** A topic the supervisor publishes in the term. */
export async function offerTopic(
  t: TestContext,
  s: TestUser,
  termId: string,
  cellId: string,
  title: string,
  capacity = 1,
) {
  const res = await caller(t)(s, "POST", "/api/topics", {
    termId,
    title,
    description: `About ${title}.`,
    type: "Thesis",
    researchCellId: cellId,
    capacity,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().topic as { id: string; title: string };
}

/** A group of the current term ranking these topics: its creator alone, inviting `invite` if named. */
export async function rankingGroup(
  t: TestContext,
  preferences: string[],
  o: { title?: string; invite?: TestUser[] } = {},
) {
  const student = await makeStudent(t);
  const res = await caller(t)(student, "POST", "/api/proposals", {
    type: "Thesis",
    preferences,
    memberIds: (o.invite ?? []).map((u) => u.id),
    ...(o.title ? { title: o.title, abstract: "Ours." } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  return { student, proposal: res.json().proposal as { id: string; status: string } };
}
